import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

/** What the files module reads of the other modules' tables: which stored files a record still uses. */
export function createFileRepository(db: Pick<Database, 'execute'>) {
  return {
    /** Every storage key a record points at: PDFs, pictures, their WebP variants, news text images. */
    async referencedKeys(): Promise<Set<string>> {
      const result = await db.execute<{ key: string }>(sql`
        select pdf_process as key from regulations where pdf_process is not null
        union all select pdf_approved from regulations where pdf_approved is not null
        union all select pdf from regulation_actions where pdf is not null
        union all select pdf_key from day_orders where pdf_key is not null
        union all select docx_key from day_orders where docx_key is not null
        union all select image ->> 'key' from banners
        union all select variant ->> 'key' from banners, jsonb_array_elements(image -> 'variants') variant
        union all select image ->> 'key' from news where image is not null
        union all select variant ->> 'key' from news, jsonb_array_elements(image -> 'variants') variant where image is not null
        union all select jsonb_array_elements_text(embedded_images) from news
        union all select image ->> 'key' from contact_images
        union all select variant ->> 'key' from contact_images, jsonb_array_elements(image -> 'variants') variant`);
      return new Set(result.rows.map((row) => row.key));
    },
  };
}

export type FileRepository = ReturnType<typeof createFileRepository>;
