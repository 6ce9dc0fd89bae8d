import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { sharedRoundTrip } from '../../lib/shared-round-trip.js';
import type { ListedNorm } from './presenter.js';
import { SearchIndex, type IndexedNorm, type WordTerms } from './index/search-index.js';
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

/**
 * What the index reads of the registry: modules/regulations' index reads, handed in by app.ts (the
 * registry's tables, `search_xid` and `regulation_search_removals` included, are its own).
 */
export interface IndexedNorms {
  /** Every public norm from one snapshot, `batch` at a time until `each` answers false; answers the snapshot's horizon. */
  allPublic(batch: number, each: (rows: NormRow[]) => Promise<boolean>): Promise<string>;
  /** The rows stamped and the removals made at or past `horizon` ([id, stamp] each), and the new horizon. */
  stampedSince(horizon: string): Promise<{ horizon: string; written: [number, string][] | null; removed: [number, string][] | null }>;
  /** These norms as they are now (a deleted one absent), with their stamps and whether they are public. */
  withStamps(ids: readonly number[]): Promise<(NormRow & { public: boolean; stamp: string })[]>;
  pruneRemovals(days: number): Promise<void>;
}

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

export function createPublishedIndex(deps: { db: Database; norms: IndexedNorms; log: FastifyBaseLogger }): PublishedIndex {
  const { db, norms, log } = deps;
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
    const snapshotHorizon = await norms.allPublic(BUILD_BATCH, async (rows) => {
      for (const row of rows) fresh.put(normOf(row));
      await nextTurn();
      return !closed;
    });
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
    const seen = await norms.stampedSince(horizon);
    if (index !== current) return index;
    const reread = (seen.written ?? []).filter(([id, stamp]) => applied.get(id) !== stamp).map(([id]) => id);
    if (reread.length) {
      const changed = await norms.withStamps(reread);
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
      void norms
        .pruneRemovals(REMOVALS_KEPT_DAYS)
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

/** A norm as the index reads it; `createdAt` in PostgreSQL's text form (Drizzle leaves timestamps to its column mappers). */
export type NormRow = Omit<ListedNorm, 'createdAt'> & {
  createdAt: string;
  created: number;
  document: string | null;
};

function normOf(row: NormRow): IndexedNorm<ListedNorm> {
  const { id, type, demType, number, subject, pdfApproved, createdAt, legalForce, keywords, expediente, enactedOn } = row;
  return {
    id,
    type,
    number,
    legalForce,
    createdAt: Number(row.created),
    document: row.document,
    listing: { id, type, demType, number, subject, pdfApproved, createdAt: new Date(createdAt), legalForce, keywords, expediente, enactedOn },
  };
}

/** The lexemes of a tsquery's text form (`'camion':* | 'camión':*`), each a prefix. */
function lexemesOf(query: string): string[] {
  return [...query.matchAll(/'((?:[^']|'')*)'/g)].map((match) => match[1]!.replace(/''/g, "'"));
}
