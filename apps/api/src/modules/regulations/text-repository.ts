import { and, eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.js';
import { regulations } from '../../db/schema/index.js';
import { announcePublicChange } from '../../lib/public-changes.js';
import { addJob, MAX_ATTEMPTS } from '../../queue/queue.js';


/** One extraction job per regulation (queued twice, it is replaced, unless it is running). */
const TEXT_JOB_KEY = 'extract-text:';
const textJobKey = (regulationId: number) => `${TEXT_JOB_KEY}${regulationId}`;
const OCR_JOB_KEY = 'ocr-text:';
/** The OCR jobs' queue: one recognition at a time, the runner's other slots free for quick work. */
export const OCR_QUEUE = 'ocr';

/**
 * What the search reads of a regulation besides its fields: the search documents, and the PDFs' text
 * with its extraction jobs. Part of the regulation repository (createRegulationRepository spreads it in).
 */
export function createRegulationTextStore(db: Database) {
  const store = {
    /**
     * Rebuilds what the filters search: the document of subject (A), keywords (B) and the approved
     * PDF's text (C), through search_vector() (Spanish stems with and without accents; migration 0005); the process PDF's text apart (staff only);
     * and the authors' names (unaccented, lower-cased) for the author filter.
     */
    async refreshSearchDocument(tx: Db, id: number): Promise<void> {
      await tx.execute(sql`
        update regulations r set
          search_document =
            setweight(search_vector(r.subject), 'A') ||
            setweight(search_vector(coalesce(
              (select string_agg(k.word, ' ') from regulation_keywords k where k.regulation_id = r.id), '')), 'B') ||
            setweight(search_vector(coalesce(r.approved_text, '')), 'C'),
          process_document = case when r.process_text is null then null else search_vector(r.process_text) end,
          author_search = coalesce(
            (select f_unaccent(lower(string_agg(a.name, ' | ' order by a.position))) from regulation_authors a where a.regulation_id = r.id), '')
        where r.id = ${id}`);
    },

    /** Queues the PDFs' text for extraction: a job of the durable queue, in the same transaction. */
    async markTextPending(tx: Db, id: number): Promise<void> {
      await tx.update(regulations).set({ textStatus: 'pending', textAttempts: 0 }).where(eq(regulations.id, id));
      await addJob(tx, 'extract-text', { regulationId: id }, { key: textJobKey(id) });
    },

    /** The extraction job alone, in the caller's transaction (whose row update marked the text pending). */
    async queueText(tx: Db, id: number): Promise<void> {
      await addJob(tx, 'extract-text', { regulationId: id }, { key: textJobKey(id) });
    },

    /** Queues the reading with OCR of a regulation whose PDF is a scan (its text stays pending meanwhile). */
    async queueOcr(id: number): Promise<void> {
      await addJob(db, 'ocr-text', { regulationId: id }, { key: `${OCR_JOB_KEY}${id}`, queue: OCR_QUEUE });
    },

    /** Queues the extraction again (a failed document's second try). */
    async queueTextExtraction(id: number, runAt: Date): Promise<void> {
      await addJob(db, 'extract-text', { regulationId: id }, { key: textJobKey(id), runAt });
    },

    /**
     * Queues every pending extraction that has no job (rows a restore or an older version left
     * pending); answers how many. Safe with several instances starting together: the job key.
     */
    async queueOrphanedTextExtractions(): Promise<number> {
      const result = await db.execute(sql`
        select graphile_worker.add_job('extract-text', json_build_object('regulationId', r.id),
                 max_attempts => ${MAX_ATTEMPTS['extract-text']}::int, job_key => ${TEXT_JOB_KEY}::text || r.id, job_key_mode => 'preserve_run_at')
          from regulations r
         where r.text_status = 'pending'
           and not exists (select 1 from graphile_worker.jobs j where j.key in (${TEXT_JOB_KEY}::text || r.id, ${OCR_JOB_KEY}::text || r.id))`);
      return result.rowCount ?? 0;
    },

    /** The PDFs whose text is to be read, and the failed attempts so far; undefined when no longer pending. */
    async pendingText(id: number): Promise<{ attempts: number; pdfProcess: string | null; pdfApproved: string | null } | undefined> {
      const [row] = await db
        .select({ attempts: regulations.textAttempts, pdfProcess: regulations.pdfProcess, pdfApproved: regulations.pdfApproved })
        .from(regulations)
        .where(and(eq(regulations.id, id), eq(regulations.textStatus, 'pending')));
      return row;
    },

    /** Counts a failed extraction of the current PDFs; answers the failures so far. */
    async recordTextFailure(id: number): Promise<number> {
      const [row] = await db
        .update(regulations)
        .set({ textAttempts: sql`${regulations.textAttempts} + 1` })
        .where(and(eq(regulations.id, id), eq(regulations.textStatus, 'pending')))
        .returning({ attempts: regulations.textAttempts });
      return row?.attempts ?? 0;
    },


    /**
     * Stores the extracted texts, unless the PDFs changed meanwhile (then a newer extraction is
     * queued and this one is dropped). `approvedTextOcr` says the approved text was recognised from a
     * scan (column approved_text_ocr, read by the norm's public page). Answers whether it was stored.
     */
    async saveExtractedTexts(
      id: number,
      texts: { approvedText: string | null; approvedTextOcr: boolean; processText: string | null; status: 'indexed' | 'unreadable' | 'none' },
      extractedFrom: { pdfProcess: string | null; pdfApproved: string | null },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(regulations).where(eq(regulations.id, id)).for('update');
        if (!row || row.pdfProcess !== extractedFrom.pdfProcess || row.pdfApproved !== extractedFrom.pdfApproved) return false;
        await tx
          .update(regulations)
          .set({ approvedText: texts.approvedText, approvedTextOcr: texts.approvedTextOcr, processText: texts.processText, textStatus: texts.status })
          .where(eq(regulations.id, id));
        await store.refreshSearchDocument(tx, id);
        await announcePublicChange(tx, 'regulations');
        return true;
      });
    },

  };
  return store;
}
