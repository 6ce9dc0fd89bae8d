import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { sharedRoundTrip } from '../../lib/shared-round-trip.js';
import type { ListedNorm } from './presenter.js';
import { SearchIndex, type IndexedNorm, type WordTerms } from './index/search-index.js';
import { publicNormAs } from '../../lib/public-norm.js';
import { typedWords, withAccentRestored } from '../../lib/search-words.js';

/**
 * Keeps the public search's in-memory index (index/search-index.ts) equal to the database, whichever
 * instance wrote to it, with nothing but the database to go by:
 *
 * - built at start in the background from one snapshot (a repeatable-read transaction), remembering
 *   that snapshot's horizon: the oldest transaction still running then. Until it is built, the search
 *   asks PostgreSQL as before;
 * - every write of a norm stamps the row with its transaction (`search_xid`, a trigger), and every
 *   deletion leaves its id in `regulation_search_removals`. Before a search answers, one query reads
 *   the rows stamped at or past the horizon and takes the new horizon from the same snapshot: what
 *   committed before the search began is in the index when it answers, on every instance. A stamp
 *   past the horizon may belong to a transaction that was still running; it is read again until the
 *   horizon passes it, and a row is re-read only when its stamp moved;
 * - searches arriving together share that query (lib/shared-round-trip.ts).
 */

/** Norms read per query while building; the event loop gets a turn between batches. */
const BUILD_BATCH = 500;
/** Removals are kept this long; an index that has not looked for half of it builds itself again. */
const REMOVALS_KEPT_DAYS = 7;
const STALE_AFTER_MS = (REMOVALS_KEPT_DAYS / 2) * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;
/** Typed words whose lexemes are remembered (a pure function of the word and the configurations). */
const TERMS_CACHED = 10_000;
const DIGITS = /^\d+$/;

const PUBLIC = publicNormAs('regulations');

export interface PublishedIndex {
  /** The index with every write committed before the call; undefined while it is being built. */
  current(): Promise<SearchIndex<ListedNorm> | undefined>;
  /**
   * What a person typed as index terms, through PostgreSQL's parser and stemmers: undefined when it has
   * no letter or digit (no search), an empty list when every word is a stop word (nothing matches).
   */
  termsOf(text: string): Promise<WordTerms[] | undefined>;
  /** Starts building (once the app is ready); resolves when built (or when building failed). */
  start(): Promise<void>;
  close(): void;
}

export function createPublishedIndex(deps: { db: Database; log: FastifyBaseLogger }): PublishedIndex {
  const { db, log } = deps;
  let index: SearchIndex<ListedNorm> | undefined;
  let horizon = '0';
  let syncedAt = 0;
  let prunedAt = 0;
  let building: Promise<void> | undefined;
  let closed = false;
  /** The stamp each row was last read at, while it is at or past the horizon. */
  const applied = new Map<number, string>();
  const terms = new Map<string, string[][]>();

  async function build(): Promise<void> {
    const started = performance.now();
    const fresh = new SearchIndex<ListedNorm>();
    let snapshotHorizon = '0';
    await db.transaction(
      async (tx) => {
        snapshotHorizon = (await tx.execute<{ horizon: string }>(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as horizon`)).rows[0]!.horizon;
        for (let after = 0; !closed; ) {
          const { rows } = await tx.execute<NormRow>(sql`
            select ${NORM_COLUMNS} from regulations where ${PUBLIC} and id > ${after} order by id limit ${BUILD_BATCH}`);
          for (const row of rows) fresh.put(normOf(row));
          if (rows.length < BUILD_BATCH) break;
          after = rows[rows.length - 1]!.id;
          await nextTurn();
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    if (closed) return;
    index = fresh;
    horizon = snapshotHorizon;
    syncedAt = Date.now();
    applied.clear();
    log.info({ norms: fresh.size, ms: Math.round(performance.now() - started), heapMb: Math.round(process.memoryUsage().heapUsed / 1048576) }, 'public search index built');
  }

  function startBuilding(): Promise<void> {
    return (building ??= build()
      .catch((error: unknown) => {
        if (!closed) log.error({ err: error }, 'public search index could not be built; the search asks the database');
      })
      .finally(() => (building = undefined)));
  }

  /** Reads what was written since the horizon into the index. */
  async function catchUp(): Promise<SearchIndex<ListedNorm> | undefined> {
    const current = index;
    if (!current) return undefined;
    if (Date.now() - syncedAt > STALE_AFTER_MS) {
      // Removals older than the ones kept may have been missed: start again.
      index = undefined;
      void startBuilding();
      return undefined;
    }
    const { rows } = await db.$client.query<{ horizon: string; written: [number, string][] | null; removed: [number, string][] | null }>({
      // Named: prepared once per connection (planning it cost more than running it).
      name: 'regulations_search_catch_up',
      text: `select pg_snapshot_xmin(pg_current_snapshot())::text as horizon,
        (select json_agg(json_build_array(r.id, r.search_xid::text)) from regulations r where r.search_xid >= $1::xid8) as written,
        (select json_agg(json_build_array(d.id, d.search_xid::text)) from regulation_search_removals d where d.search_xid >= $1::xid8) as removed`,
      values: [horizon],
    });
    const seen = rows[0]!;
    if (index !== current) return index;
    const reread = (seen.written ?? []).filter(([id, stamp]) => applied.get(id) !== stamp).map(([id]) => id);
    if (reread.length) {
      const { rows: changed } = await db.execute<NormRow & { public: boolean; stamp: string }>(sql`
        select ${NORM_COLUMNS}, search_xid::text as stamp, ${PUBLIC} as public
          from regulations where id = any(${`{${reread.join(',')}}`}::int[])`);
      if (index !== current) return index;
      const found = new Set<number>();
      for (const row of changed) {
        found.add(row.id);
        applied.set(row.id, row.stamp);
        if (row.public) current.put(normOf(row));
        else current.remove(row.id);
      }
      // Deleted since the first query: its removal is on its way.
      for (const id of reread) if (!found.has(id)) current.remove(id);
    }
    for (const [id, stamp] of seen.removed ?? []) {
      if (applied.get(id) === `removed ${stamp}`) continue;
      applied.set(id, `removed ${stamp}`);
      current.remove(id);
    }
    horizon = seen.horizon;
    syncedAt = Date.now();
    if (applied.size > 0) {
      const floor = BigInt(horizon);
      for (const [id, stamp] of applied) if (BigInt(stamp.replace('removed ', '')) < floor) applied.delete(id);
    }
    if (syncedAt - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = syncedAt;
      void db
        .execute(sql`delete from regulation_search_removals where removed_at < now() - make_interval(days => ${REMOVALS_KEPT_DAYS})`)
        .catch((error: unknown) => log.warn({ err: error }, 'old search removals could not be deleted'));
    }
    return current;
  }

  const current = sharedRoundTrip(catchUp);

  async function termsOf(text: string): Promise<WordTerms[] | undefined> {
    const lower = typedWords(text);
    if (!lower.length) return undefined;
    // A number is its own lexeme in both configurations (PostgreSQL's parser gives it to the simple
    // dictionary): no round trip for the many numbers people type once each.
    const missing = [...new Set(lower.filter((word) => !terms.has(word) && !DIGITS.test(word)))];
    if (missing.length) {
      // The three spellings textQuery tries: as typed (Spanish stemmer), without accents, with the accent of -ción put back.
      const { rows } = await db.$client.query<{ word: string; spanish: string; plain: string; accented: string | null }>({
        name: 'regulations_search_terms',
        text: `select w.word,
          to_tsquery('spanish', w.word || ':*')::text as spanish,
          to_tsquery('es_unaccent', w.word || ':*')::text as plain,
          case when w.accented <> w.word then to_tsquery('spanish', w.accented || ':*')::text end as accented
        from unnest($1::text[], $2::text[]) as w(word, accented)`,
        values: [missing, missing.map(withAccentRestored)],
      });
      for (const row of rows) {
        // The spellings often give the same lexemes ("expediente": 'expedient' both ways): each once.
        const variants = [row.spanish, row.plain, row.accented].map((query) => (query ? lexemesOf(query) : [])).filter((lexemes) => lexemes.length > 0);
        const distinct = [...new Map(variants.map((lexemes) => [lexemes.join(' '), lexemes])).values()];
        if (terms.size >= TERMS_CACHED) terms.delete(terms.keys().next().value!);
        terms.set(row.word, distinct);
      }
    }
    return lower.map((word) => (DIGITS.test(word) ? [[word]] : (terms.get(word) ?? []))).filter((variants) => variants.length > 0);
  }

  return {
    current,
    termsOf,
    start() {
      return closed ? Promise.resolve() : startBuilding();
    },
    close() {
      closed = true;
      index = undefined;
    },
  };
}

/** What the index reads of a norm: what it searches, and what a page of results shows. */
const NORM_COLUMNS = sql.raw(`id, type, dem_type as "demType", number, subject, pdf_approved as "pdfApproved", created_at as "createdAt", legal_force as "legalForce",
  (extract(epoch from created_at) * 1000)::float8 as created, search_document::text as document,
  (select coalesce(json_agg(k.word order by k.position), '[]'::json) from regulation_keywords k where k.regulation_id = regulations.id) as keywords`);

/** `createdAt` in PostgreSQL's text form (Drizzle leaves timestamps to its column mappers). */
type NormRow = Omit<ListedNorm, 'createdAt'> & {
  createdAt: string;
  created: number;
  document: string | null;
};

function normOf(row: NormRow): IndexedNorm<ListedNorm> {
  const { id, type, demType, number, subject, pdfApproved, createdAt, legalForce, keywords } = row;
  return {
    id,
    type,
    number,
    legalForce,
    createdAt: Number(row.created),
    document: row.document,
    listing: { id, type, demType, number, subject, pdfApproved, createdAt: new Date(createdAt), legalForce, keywords },
  };
}

/** The lexemes of a tsquery's text form (`'camion':* | 'camión':*`), each a prefix. */
function lexemesOf(query: string): string[] {
  return [...query.matchAll(/'((?:[^']|'')*)'/g)].map((match) => match[1]!.replace(/''/g, "'"));
}
