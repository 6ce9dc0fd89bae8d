import { sql } from 'drizzle-orm';
import type { DemType, LegalForce, RegulationType } from '@concejo/contracts';
import type { Database } from '../../db/client.js';
import { publicNormAs } from '../../lib/public-norm.js';

/**
 * The registry's reads the public search's in-memory index needs (modules/public-search asks them
 * through app.ts, and reads none of these tables itself). Every write of a norm stamps its row with its
 * transaction (`search_xid`, a trigger) and every deletion leaves its id in `regulation_search_removals`:
 * the index catches up by those stamps (public-search/index-sync.ts says how).
 */

/** A norm as the index reads it: what it searches, and what a page of results shows. */
export type IndexRow = {
  id: number;
  type: RegulationType;
  demType: DemType | null;
  number: number | null;
  subject: string;
  pdfApproved: string | null;
  /** In PostgreSQL's text form (Drizzle leaves timestamps to its column mappers). */
  createdAt: string;
  legalForce: LegalForce;
  keywords: string[];
  expediente: string | null;
  enactedOn: string | null;
  /** `created_at` in milliseconds. */
  created: number;
  /** The search document's text form. */
  document: string | null;
};

const PUBLIC = publicNormAs('regulations');

const NORM_COLUMNS = sql.raw(`id, type, dem_type as "demType", number, subject, pdf_approved as "pdfApproved", created_at as "createdAt", legal_force as "legalForce",
  expediente, enacted_on::text as "enactedOn", (extract(epoch from created_at) * 1000)::float8 as created, search_document::text as document,
  (select coalesce(json_agg(k.word order by k.position), '[]'::json) from regulation_keywords k where k.regulation_id = regulations.id) as keywords`);

export function createRegulationIndexReads(db: Database) {
  return {
    /**
     * Every public norm, from one snapshot (a repeatable-read transaction), `batch` at a time in id
     * order until `each` answers false; answers that snapshot's horizon (the oldest transaction still
     * running then).
     */
    async allPublic(batch: number, each: (rows: IndexRow[]) => Promise<boolean>): Promise<string> {
      let horizon = '0';
      await db.transaction(
        async (tx) => {
          horizon = (await tx.execute<{ horizon: string }>(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as horizon`)).rows[0]!.horizon;
          for (let after = 0; ; ) {
            const { rows } = await tx.execute<IndexRow>(sql`
              select ${NORM_COLUMNS} from regulations where ${PUBLIC} and id > ${after} order by id limit ${batch}`);
            if (!(await each(rows)) || rows.length < batch) break;
            after = rows[rows.length - 1]!.id;
          }
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      return horizon;
    },

    /** The rows stamped and the removals made at or past `horizon`, each with its stamp, and the new horizon from the same snapshot. */
    async stampedSince(horizon: string): Promise<{ horizon: string; written: [number, string][] | null; removed: [number, string][] | null }> {
      const { rows } = await db.$client.query<{ horizon: string; written: [number, string][] | null; removed: [number, string][] | null }>({
        // Named: prepared once per connection (planning it cost more than running it).
        name: 'regulations_search_catch_up',
        text: `select pg_snapshot_xmin(pg_current_snapshot())::text as horizon,
          (select json_agg(json_build_array(r.id, r.search_xid::text)) from regulations r where r.search_xid >= $1::xid8) as written,
          (select json_agg(json_build_array(d.id, d.search_xid::text)) from regulation_search_removals d where d.search_xid >= $1::xid8) as removed`,
        values: [horizon],
      });
      return rows[0]!;
    },

    /** These norms as they are now (a deleted one absent), each with its stamp and whether it is public. */
    async withStamps(ids: readonly number[]): Promise<(IndexRow & { public: boolean; stamp: string })[]> {
      const { rows } = await db.execute<IndexRow & { public: boolean; stamp: string }>(sql`
        select ${NORM_COLUMNS}, search_xid::text as stamp, ${PUBLIC} as public
          from regulations where id = any(${`{${ids.join(',')}}`}::int[])`);
      return rows;
    },

    /** Forgets removals older than this many days. */
    async pruneRemovals(days: number): Promise<void> {
      await db.execute(sql`delete from regulation_search_removals where removed_at < now() - make_interval(days => ${days})`);
    },
  };
}

export type RegulationIndexReads = ReturnType<typeof createRegulationIndexReads>;
