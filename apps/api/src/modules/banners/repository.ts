import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { writePublic } from '../../lib/public-changes.js';
import { banners } from '../../db/schema/index.js';

export type BannerRow = typeof banners.$inferSelect;
export type NewBanner = typeof banners.$inferInsert;
export type BannerChanges = Partial<Omit<NewBanner, 'id' | 'createdBy' | 'createdAt'>>;

const newestFirst = [desc(sql`coalesce(${banners.publicationDate}, ${banners.createdAt})`), desc(banners.id)];

export function createBannerRepository(db: Database) {
  return {
    async all(): Promise<BannerRow[]> {
      return db.select().from(banners).orderBy(...newestFirst).limit(500);
    },

    /** Active and inside their publication window at `now` (DESIGN.md section 6). */
    async published(now: Date): Promise<BannerRow[]> {
      return db
        .select()
        .from(banners)
        .where(
          and(
            eq(banners.status, 1),
            or(isNull(banners.publicationDate), lte(banners.publicationDate, now)),
            or(isNull(banners.unpublicationDate), gt(banners.unpublicationDate, now)),
          ),
        )
        .orderBy(...newestFirst)
        .limit(50);
    },

    async byId(id: number): Promise<BannerRow | undefined> {
      const [row] = await db.select().from(banners).where(eq(banners.id, id));
      return row;
    },

    async insert(values: NewBanner): Promise<BannerRow> {
      const [row] = await writePublic(db, 'banners', (tx) => tx.insert(banners).values(values).returning());
      return row!;
    },

    async update(id: number, changes: BannerChanges): Promise<BannerRow | undefined> {
      const [row] = await writePublic(db, 'banners', (tx) => tx.update(banners).set(changes).where(eq(banners.id, id)).returning());
      return row;
    },

    async delete(id: number): Promise<BannerRow | undefined> {
      const [row] = await writePublic(db, 'banners', (tx) => tx.delete(banners).where(eq(banners.id, id)).returning());
      return row;
    },
  };
}

export type BannerRepository = ReturnType<typeof createBannerRepository>;
