import { eq, sql } from 'drizzle-orm';
import type { ContactSide } from '@concejo/contracts';
import type { Database } from '../../db/client.js';
import { writePublic } from '../../lib/public-changes.js';
import { contactImages, type StoredImage } from '../../db/schema/index.js';

export type ContactRow = typeof contactImages.$inferSelect;

/** One side's change: a new image with its text, or a new text for the image already there. */
export type ContactChange = { image: StoredImage; alt: string } | { image?: undefined; alt: string };

export function createContactRepository(db: Database) {
  return {
    async all(): Promise<ContactRow[]> {
      return db.select().from(contactImages);
    },

    /**
     * Writes the given sides in one transaction and answers the images they replace (their files are
     * removed after the commit). Rows are locked so that two uploads at once cannot both keep a file.
     * A text alone changes a side that has an image (rows are never deleted, so one read before stays).
     */
    async save(changes: Partial<Record<ContactSide, ContactChange>>, userId: number, now: Date): Promise<StoredImage[]> {
      return writePublic(db, 'contact', async (tx) => {
        const entries = Object.entries(changes) as [ContactSide, ContactChange][];
        const newImages = entries.filter(([, change]) => change.image).map(([side]) => side);
        const previous = newImages.length
          ? await tx.execute<{ image: StoredImage }>(
              sql`select image from ${contactImages} where side in (${sql.join(newImages.map((side) => sql`${side}::contact_side`), sql`, `)}) for update`,
            )
          : { rows: [] };
        for (const [side, { image, alt }] of entries) {
          if (image) {
            await tx
              .insert(contactImages)
              .values({ side, image, alt, updatedBy: userId, updatedAt: now })
              .onConflictDoUpdate({ target: contactImages.side, set: { image, alt, updatedBy: userId, updatedAt: now } });
          } else {
            await tx.update(contactImages).set({ alt, updatedBy: userId, updatedAt: now }).where(eq(contactImages.side, side));
          }
        }
        return previous.rows.map((row) => row.image);
      });
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;
