import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { writePublic } from '../../lib/public-changes.js';
import { contactImages, type StoredImage } from '../../db/schema/index.js';

export type ContactSide = 'left' | 'right';
export type ContactRow = typeof contactImages.$inferSelect;

export function createContactRepository(db: Database) {
  return {
    async all(): Promise<ContactRow[]> {
      return db.select().from(contactImages);
    },

    /**
     * Sets the given sides in one transaction and answers the images they replace (their files are
     * removed after the commit). Rows are locked so that two uploads at once cannot both keep a file.
     */
    async replace(images: Partial<Record<ContactSide, StoredImage>>, userId: number, now: Date): Promise<StoredImage[]> {
      return writePublic(db, 'contact', async (tx) => {
        const sides = Object.keys(images) as ContactSide[];
        const previous = await tx.execute<{ image: StoredImage }>(
          sql`select image from ${contactImages} where side in (${sql.join(sides.map((side) => sql`${side}::contact_side`), sql`, `)}) for update`,
        );
        for (const side of sides) {
          const values = { side, image: images[side]!, updatedBy: userId, updatedAt: now };
          await tx.insert(contactImages).values(values).onConflictDoUpdate({ target: contactImages.side, set: { image: values.image, updatedBy: userId, updatedAt: now } });
        }
        return previous.rows.map((row) => row.image);
      });
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;
