import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { writePublic } from '../../lib/public-changes.js';
import { news } from '../../db/schema/index.js';

export type NewsRow = typeof news.$inferSelect;
export type NewNews = typeof news.$inferInsert;
export interface PublishedNewsPage {
  id: number;
  lastModified: Date;
}
export type NewsChanges = Partial<Omit<NewNews, 'id' | 'createdBy' | 'createdAt'>>;

const newestFirst = [desc(sql`coalesce(${news.publicationDate}, ${news.createdAt})`), desc(news.id)];

/** Active and inside the publication window at `now` (DESIGN.md section 6). */
const publishedAt = (now: Date) =>
  and(eq(news.status, 1), or(isNull(news.publicationDate), lte(news.publicationDate, now)), or(isNull(news.unpublicationDate), gt(news.unpublicationDate, now)));

export function createNewsRepository(db: Database) {
  return {
    async all(): Promise<NewsRow[]> {
      return db.select().from(news).orderBy(...newestFirst).limit(500);
    },

    /** Published at `now`, newest first. */
    async published(now: Date): Promise<NewsRow[]> {
      return db.select().from(news).where(publishedAt(now)).orderBy(...newestFirst).limit(200);
    },

    /** Published at `now`, newest first: only the id and when the item's page last changed. */
    async publishedPages(now: Date, limit: number): Promise<PublishedNewsPage[]> {
      // An item scheduled ahead changes its page when it appears, not when it was last saved.
      const lastModified = sql<Date>`greatest(${news.updatedAt}, ${news.publicationDate})`.mapWith(news.updatedAt);
      return db.select({ id: news.id, lastModified }).from(news).where(publishedAt(now)).orderBy(...newestFirst).limit(limit);
    },

    async publishedById(id: number, now: Date): Promise<NewsRow | undefined> {
      const [row] = await db.select().from(news).where(and(eq(news.id, id), publishedAt(now)));
      return row;
    },

    async byId(id: number): Promise<NewsRow | undefined> {
      const [row] = await db.select().from(news).where(eq(news.id, id));
      return row;
    },

    async insert(values: NewNews): Promise<NewsRow> {
      const [row] = await writePublic(db, 'news', (tx) => tx.insert(news).values(values).returning());
      return row!;
    },

    async update(id: number, changes: NewsChanges): Promise<NewsRow | undefined> {
      const [row] = await writePublic(db, 'news', (tx) => tx.update(news).set(changes).where(eq(news.id, id)).returning());
      return row;
    },

    async delete(id: number): Promise<NewsRow | undefined> {
      const [row] = await writePublic(db, 'news', (tx) => tx.delete(news).where(eq(news.id, id)).returning());
      return row;
    },
  };
}

export type NewsRepository = ReturnType<typeof createNewsRepository>;
