import {
  isPublicRegulationType,
  toInstant,
  officialNumberOf,
  parseExpediente,
  PUBLIC_REGULATION_TYPES,
  REGULATION_COUNT_LIMIT,
  SITE_PATHS,
  REGULATION_MESSAGES,
  type PublicRegulationQuery,
  type PublicRegulationType,
  type PublishedProject,
  type PublishedRegulationDetail,
  type PublishedRegulationList,
} from '@concejo/contracts';
import { NotFound } from '../../lib/errors.js';
import { presentAction } from '../../lib/regulation-actions.js';
import type { OpenDataRow, PublishedNormRow, PublishedProjectRow } from '../../lib/public-norm.js';
import type { Clock } from '../../lib/clock.js';
import { createAnswerCache, type CacheOutcome } from '../../lib/answer-cache.js';
import { SizedLru } from '../../lib/sized-lru.js';
import type { PublicChanges } from '../../lib/public-changes.js';
import { weakEtag } from '../../plugins/public-cache.js';
import type { SQL } from 'drizzle-orm';
import { excerptOf, foldedText } from './excerpt.js';
import type { SearchIndex } from './index/search-index.js';
import type { PublishedIndex } from './index-sync.js';
import { atomFeed, CSV_HEADER, csvCell, csvRow, feedTitle, jsonItem, type OpenDataContext } from './open-data.js';
import { presentPublished, publishedItemHead, publishedItemJson, type ListedNorm, type PublicFileUrls } from './presenter.js';

export const PER_PAGE = 15;
/** A download holds every match, up to this many rows, read this many at a time. */
export const EXPORT_MAX_ROWS = 200_000;
const EXPORT_BATCH = 2000;
/** The PDF texts kept for excerpts (each with its folded copy), in characters: about as many bytes for Spanish text. */
const RECENT_TEXTS_CHARS = 64 * 1024 * 1024;
/** A PDF text as excerpts are cut from it: as written, and folded (excerpt.ts). */
type ExcerptSource = { text: string; plain: string };

/** A norm as a list of the public search shows it, as the registry reads it. */
export type PublishedRow = Omit<ListedNorm, 'keywords'>;
/** Where the words of a search matched a norm, with the PDF's excerpt marked between \u0002 and \u0003. */
type DatabaseMatch = { subject: boolean; keywords: boolean; pdf: boolean; excerpt: string | null };


/**
 * What the public search reads of the registry: modules/regulations' repository, handed in by app.ts
 * (the registry's tables are its own). The database answers through it while the in-memory index is
 * built, and for the downloads, the feed and a norm's page.
 */
export interface PublishedNorms {
  listPublished(query: PublicRegulationQuery, options: { perPage: number; timeZone: string }): Promise<{ rows: PublishedRow[]; total: number; capped: boolean; search: SQL | undefined }>;
  allPublished(query: PublicRegulationQuery, options: { timeZone: string; batch: number; max: number }): AsyncGenerator<PublishedRow[], void>;
  keywordsOf(ids: readonly number[]): Promise<Map<number, string[]>>;
  openDataOf(ids: readonly number[]): Promise<Map<number, OpenDataRow>>;
  matchesOf(ids: readonly number[], search: SQL): Promise<Map<number, DatabaseMatch>>;
  approvedTexts(ids: readonly number[]): Promise<Map<number, string>>;
  latestApproved(limit: number): Promise<(Omit<PublishedRow, 'demType' | 'createdAt'> & { approvedAt: Date | null; updatedAt: Date })[]>;
  publishedNorm(type: PublicRegulationType, number: number, options?: { day?: string }): Promise<PublishedNormRow | undefined>;
  publishedProject(expediente: string): Promise<PublishedProjectRow | undefined>;
  publishedPages(limit: number): Promise<{ type: PublicRegulationType; number: number; lastModified: Date }[]>;
}

/** A page of the public search, and how it was answered (the route says so in Server-Timing). */
export interface SearchAnswer {
  answer: SerializedList;
  /** Whether it came from the cache. */
  outcome: CacheOutcome;
  /** What computed it, when it was computed now: the in-memory index or the database. */
  source?: SearchSource;
  /** How many of its excerpts' PDF texts were in memory, and how many were read. */
  texts?: TextReads;
}

interface Deps {
  norms: PublishedNorms;
  /** Every instance's changes to public content (a norm saved, a PDF's text joining the search). */
  changes: Pick<PublicChanges, 'onChange' | 'caughtUp'>;
  /** The public search's in-memory index; without it (or while it is built) the database answers. */
  index?: Pick<PublishedIndex, 'current' | 'termsOf'>;
  clock: Clock;
  urls: PublicFileUrls;
  timeZone: string;
  /** For absolute links in downloads and the feed (never the request's Host). */
  site: { publicUrl: string; councilName: string; region: string };
}

/**
 * What citizens read of the registry: the public search of /normativas, its downloads (CSV, JSON), the
 * Atom feed and the page of one public norm.
 */
export function createPublicSearch({ norms, changes, index, clock, urls, timeZone, site }: Deps) {
  const absolute = (path: string) => `${site.publicUrl}${path}`;
  const openData: OpenDataContext = { absolute, timeZone, councilName: site.councilName, region: site.region };
  // Citizens repeat the same searches; any change to the registry, made through any instance (or a
  // PDF's text joining the index), empties the cache.
  // The PDF texts excerpts were last cut from, by the listing they belong to: a norm written again
  // gets a new listing in the index, so its old text is never read again and ages out.
  const recentTexts = new SizedLru<ListedNorm, ExcerptSource>(RECENT_TEXTS_CHARS, (source) => source.text.length * 2 + 64);
  // What a page of results says of each norm it shows, besides where it matched: serialized the first
  // time the norm is shown, and kept as long as the index holds that listing (a norm written again gets
  // a new one; about 40 MB once all of 100,000 norms have been shown). Not an LRU: under a cold mix
  // over 100,000 norms it would make and drop the same heads again and again.
  const itemHeads = new WeakMap<ListedNorm, string>();
  // A search is kept from its second ask: most are typed once, and kept they would take the repeated
  // ones' places and fill the old generation (SerializedList says what that costs).
  const publishedCache = createAnswerCache<SerializedList>(changes, { contents: ['regulations'], ttlMs: 60_000, maxEntries: 1000, now: () => clock.now().getTime(), keepFromSecondAsk: true });

  /**
   * A page of the public search from the in-memory index, which also holds what the page shows of
   * each norm: the database reads only the PDF texts its excerpts are cut from, when there are any.
   * As JSON text: each norm's unchanging part is serialized once (itemHeads), only where it matched
   * and its excerpt each time.
   */
  async function searchIndexed(query: PublicRegulationQuery, current: SearchIndex<ListedNorm>, terms: PublishedIndex['termsOf']): Promise<Computed> {
    const words = query.search ? await terms(query.search) : undefined;
    const page = current.search({
      words,
      type: query.type,
      legalForce: query.legal_force,
      number: query.numberSearch ? (/^\d{1,8}$/.test(query.numberSearch) ? Number(query.numberSearch) : Number.NaN) : undefined,
      // Calendar days in the council's time zone, both inclusive.
      from: query.from ? toInstant(`${query.from}T00:00:00`, timeZone).getTime() : undefined,
      before: query.to ? toInstant(`${nextDay(query.to)}T00:00:00`, timeZone).getTime() : undefined,
      offset: (query.page - 1) * PER_PAGE,
      limit: PER_PAGE,
      bound: REGULATION_COUNT_LIMIT,
    });
    // Read now: the listings and the page come from the same state of the index.
    const listed = page.matches.map((match) => ({ match, listing: current.listingOf(match.id) }));
    // The excerpts' PDF texts: those cut from lately are in memory, the others read in one query.
    const texts = new Map<number, ExcerptSource>();
    const unread = new Map<number, ListedNorm>();
    for (const { match, listing } of listed) {
      if (!words || !match.pdf || !listing) continue;
      const known = recentTexts.get(listing);
      if (known === undefined) unread.set(match.id, listing);
      else texts.set(match.id, known);
    }
    const reads = { cached: texts.size, read: unread.size };
    if (unread.size) {
      for (const [id, text] of await norms.approvedTexts([...unread.keys()])) {
        const source = { text, plain: foldedText(text) };
        texts.set(id, source);
        recentTexts.set(unread.get(id)!, source);
      }
    }
    const prefixes = words?.flat(2) ?? [];
    const items = listed.flatMap(({ match, listing }) => {
      if (!listing) return [];
      const source = match.pdf ? texts.get(match.id) : undefined;
      const excerpt = source ? excerptOf(source.text, prefixes, source.plain) : null;
      let head = itemHeads.get(listing);
      if (head === undefined) {
        head = publishedItemHead(listing, urls);
        itemHeads.set(listing, head);
      }
      return [publishedItemJson(head, words ? { ...match, excerpt } : undefined)];
    });
    const total = Math.min(page.counted, REGULATION_COUNT_LIMIT);
    const text = listJson(items, { total, total_capped: page.counted > REGULATION_COUNT_LIMIT, per_page: PER_PAGE, current_page: query.page, last_page: Math.max(1, Math.ceil(total / PER_PAGE)) });
    return { text, source: 'index', texts: reads };
  }

  /** A page of the public search as JSON text (the contract's publishedRegulationListSchema). */
  async function searchPublished(query: PublicRegulationQuery): Promise<Computed> {
    // An expediente typed whole (`123-C-2026`) is one norm at most: the database finds it by its unique index.
    // A day's legal force (`in_force_on`) is computed by the database: the index holds today's.
    // and projects in trámite (`estado=en_tramite`) are not in it.
    const current = (query.search && parseExpediente(query.search)) || query.in_force_on || query.estado === 'en_tramite' ? undefined : await index?.current();
    if (current) return searchIndexed(query, current, index!.termsOf);
    const { rows, total, capped, search } = await norms.listPublished(query, { perPage: PER_PAGE, timeZone });
    const ids = rows.map((row) => row.id);
    const [keywords, matches] = await Promise.all([
      norms.keywordsOf(ids),
      search ? norms.matchesOf(ids, search) : Promise.resolve(undefined),
    ]);
    const text = JSON.stringify({
      data: rows.map((row) => presentPublished(row, keywords.get(row.id) ?? [], matches?.get(row.id), urls)),
      total,
      total_capped: capped,
      per_page: PER_PAGE,
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / PER_PAGE)),
    } satisfies PublishedRegulationList);
    return { text, source: 'database' };
  }

  return {
    /**
     * The public search of /normativas: public norms only, with where each one matched; with whether
     * the answer came from the cache and, when it was computed now, what computed it.
     */
    async listPublished(query: PublicRegulationQuery): Promise<SearchAnswer> {
      const key = JSON.stringify([query.page, query.search ?? '', query.numberSearch ?? '', query.type ?? '', query.legal_force ?? '', query.from ?? '', query.to ?? '', query.in_force_on ?? '', query.estado ?? '']);
      let computed: Computed | undefined;
      const { value, outcome } = await publishedCache.lookup(key, async () => {
        computed = await searchPublished(query);
        return new SerializedList(key, computed.text, weakEtag(computed.text));
      });
      return { answer: value, outcome, source: computed?.source, texts: computed?.texts };
    },

    /**
     * Every row of a public search, as CSV lines or JSON array pieces, produced batch by batch. The
     * first batch is read before this resolves, so that a query the database refuses (or a database
     * that is down) still gets an ordinary error answer instead of a 200 cut short.
     */
    async exportPublished(query: PublicRegulationQuery, format: 'csv' | 'json'): Promise<AsyncGenerator<string>> {
      const batches = norms.allPublished(query, { timeZone, batch: EXPORT_BATCH, max: EXPORT_MAX_ROWS });
      let written = 0;
      const render = async (rows: PublishedRow[] | void): Promise<string> => {
        if (!rows?.length) return '';
        const ids = rows.map((row) => row.id);
        const [keywords, facts] = await Promise.all([norms.keywordsOf(ids), norms.openDataOf(ids)]);
        const items = rows.map((row) => presentPublished(row, keywords.get(row.id) ?? [], undefined, urls));
        if (format === 'csv') return items.map((item) => `${csvRow(item, facts.get(item.id), openData)}\r\n`).join('');
        const pieces = items.map((item) => jsonItem(item, facts.get(item.id), openData));
        const separator = written > 0 ? ',' : '';
        written += pieces.length;
        return separator + pieces.join(',');
      };
      const first = await batches.next();
      const head = (format === 'csv' ? `\uFEFF${CSV_HEADER.map(csvCell).join(',')}\r\n` : '[') + (await render(first.value));
      return (async function* () {
        try {
          yield head;
          if (!first.done) {
            for (let next = await batches.next(); !next.done; next = await batches.next()) yield await render(next.value);
          }
        } finally {
          // Also when the client goes away midway: the batches stop being read.
          await batches.return(undefined);
        }
        if (format === 'json') yield ']';
      })();
    },

    /**
     * The page of one public norm (DESIGN.md section 5): everything the list shows plus its authors,
     * approval date, the public norms linked to it and the start of its text. NotFound (404) for an
     * address that names no public norm: another type, a number that is not one, a norm in process.
     */
    async publishedOne(typeName: string, numberText: string, day?: string): Promise<PublishedRegulationDetail> {
      const type = PUBLIC_REGULATION_TYPES.find((candidate) => candidate === typeName);
      const number = officialNumberOf(numberText);
      const row = type && number !== undefined ? await norms.publishedNorm(type, number, { day }) : undefined;
      if (!row) throw new NotFound(REGULATION_MESSAGES.publishedNotFound);
      const { matched_in: _matched, excerpt: _excerpt, ...listed } = presentPublished(row, row.keywords, undefined, urls);
      // A despacho's PDF is public with its norm.
      const actions = row.actions.map((action) => presentAction(action, urls.publicPdf));
      return {
        ...listed,
        type: row.type,
        number: row.number,
        approved_at: row.approvedAt?.toISOString() ?? null,
        authors: row.authors.map((name) => ({ name })),
        is_old: row.isOld,
        links: row.links,
        text_start: row.textStart ? textStart(row.textStart) : null,
        text_recognized: row.textRecognized,
        actions,
        promulgated_on: row.promulgatedOn,
        published_on: row.publishedOn,
        in_force_from: row.inForceFrom,
        in_force_until: row.inForceUntil,
        voided_on: row.voidedOn,
        force_on: day === undefined ? null : { day, legal_force: row.forceOn },
      };
    },

    /**
     * The page of a project made public by an agenda (DESIGN.md 9.2), by its expediente: "En trámite"
     * with its authors, subject, timeline and process PDF; once enacted, where its norm's page is.
     * NotFound for an expediente of no public project (not listed in an agenda, archived, staff-only).
     */
    async publishedProject(expedienteText: string): Promise<PublishedProject> {
      const expediente = parseExpediente(expedienteText);
      const row = expediente ? await norms.publishedProject(expediente) : undefined;
      if (row?.state === 'approved' && row.number !== null) return { state: 'sancionada', type: row.type, number: row.number, expediente: row.expediente };
      if (!row || row.state !== 'process' || !row.listed) throw new NotFound(REGULATION_MESSAGES.projectNotFound);
      return {
        state: 'en_tramite',
        id: row.id,
        type: row.type,
        expediente: row.expediente,
        subject: row.subject,
        created_at: new Date(row.createdAt).toISOString(),
        authors: row.authors.map((name) => ({ name })),
        keywords: row.keywords.map((word) => ({ word })),
        pdf_process: row.pdfProcess ? urls.publicPdf(row.pdfProcess) : null,
        actions: row.actions.map((action) => presentAction(action, urls.publicPdf)),
      };
    },

    /** Every public norm's page address and last change, newest first, at most `limit` (the sitemap). */
    publishedPages(limit: number) {
      return norms.publishedPages(limit);
    },

    /** The Atom feed of the 50 newest approvals. */
    async feed(): Promise<string> {
      const rows = await norms.latestApproved(50);
      return atomFeed({
        councilName: site.councilName,
        publicUrl: site.publicUrl,
        selfUrl: absolute('/api/v1/regulations/feed.atom'),
        now: clock.now(),
        entries: rows.map((row) => ({
          id: row.id,
          title: feedTitle(row),
          subject: row.subject,
          approvedAt: row.approvedAt ?? row.updatedAt,
          pageUrl: isPublicRegulationType(row.type) && row.number !== null ? absolute(SITE_PATHS.regulation(row.type, row.number)) : null,
          pdfUrl: row.pdfApproved ? absolute(urls.publicPdf(row.pdfApproved)) : null,
          legalForce: row.legalForce,
          type: row.type,
        })),
      });
    },

  };
}

/**
 * A search's answer as sent: its JSON (the contract's publishedRegulationListSchema) and its weak ETag
 * (of the UTF-8 bytes), kept so that a repeated search costs neither the serializer nor the hash.
 *
 * A new search's answer is sent as its text; its bytes are made the first time it is asked for again,
 * and kept (sent as a string, the demo's 5.6 KB first page did 12.7k req/s against 14.8k as bytes,
 * alternating runs at 50 connections). Not before: a Buffer's memory is outside V8's heap, and every
 * 64 MB of it that outlives the young generation starts a full collection, which marks the whole heap
 * (300 MB with 100,000 norms indexed, some 300 ms of slower answers). Kept as bytes from the start,
 * the new answers a search under load puts in the cache did that every 5 to 6 s (`--trace-gc
 * --trace-incremental-marking`: "Start (external memory pressure)").
 */
export class SerializedList {
  #bytes: Buffer | undefined;
  constructor(
    /** The cache's key: the query it answers. */
    readonly key: string,
    readonly text: string,
    readonly etag: string,
  ) {}

  /** The UTF-8 bytes, made once. */
  get body(): Buffer {
    return (this.#bytes ??= Buffer.from(this.text));
  }
}

/** What computed a search's answer. */
export type SearchSource = 'index' | 'database';
/** A search's answer as computed, before it is kept. */
type Computed = { text: string; source: SearchSource; texts?: TextReads };
/** How many of a page's PDF texts (those its excerpts are cut from) were in memory, and how many were read. */
export type TextReads = { cached: number; read: number };

/** About this many characters of a norm's text open its page. */
const TEXT_START_CHARS = 600;

/**
 * The list's JSON from its items' JSON texts: JSON.stringify({ data, ...rest }) without parsing the
 * items again (the same bytes: `data` comes first, the items are inserted as they are).
 */
function listJson(items: string[], rest: Omit<PublishedRegulationList, 'data'>): string {
  return `{"data":[${items.join(',')}],${JSON.stringify(rest).slice(1)}`;
}

/** The first TEXT_START_CHARS characters of a PDF's text, its lines kept and spaces collapsed, cut after a whole word. */
export function textStart(text: string): string | null {
  const flat = text.replace(/[^\S\n]+/g, ' ').replace(/ ?\n ?/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
  if (flat.length <= TEXT_START_CHARS) return flat || null;
  const cut = Math.max(flat.lastIndexOf(' ', TEXT_START_CHARS), flat.lastIndexOf('\n', TEXT_START_CHARS));
  return `${flat.slice(0, cut > TEXT_START_CHARS / 2 ? cut : TEXT_START_CHARS)}…`;
}

/** The calendar day after `day` (YYYY-MM-DD). */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

export type PublicSearch = ReturnType<typeof createPublicSearch>;
