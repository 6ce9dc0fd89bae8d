import { and, count, desc, eq, getTableColumns, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { PUBLIC_REGULATION_TYPES, REGULATION_COUNT_LIMIT, REGULATION_TYPES, canHaveLinks, parseExpediente, type LegalForce, type PublicRegulationQuery, type RegulationType, type StaffRegulationQuery } from '@concejo/contracts';
import type { Database, Tx } from '../../db/client.js';
import { regulations } from '../../db/schema/index.js';
import { publicNorm, publicProject } from '../../lib/public-norm.js';
import { removeAccents, typedWords, withAccentRestored } from '../../lib/search-words.js';
import type { RegulationListRow } from './repository.js';

/**
 * The registry's reads by search and filter: the staff list, the public search, its downloads and feed,
 * where a result matched, and the candidates of the link pickers. Part of the regulation repository
 * (createRegulationRepository spreads it in); apart because the queries and their text handling are a
 * subject of their own.
 */

/** `%`, `_` and `\` typed by a person are literal characters, not LIKE wildcards. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * What a person typed, as a query on the search document: every word must match, as a word or as the
 * start of one ("arbol" finds "arbolado"), with or without its accents and with Spanish stemming
 * ("camiones" finds "camión", "circulacion" finds "circularán"). Each word is tried three ways: as
 * typed with the Spanish stemmer (which needs the accents of "-ción"), without accents, and with the
 * accent of "-ción"/"-sión" put back. Only letters and digits reach to_tsquery, so its syntax cannot be
 * injected; the query is a constant, which PostgreSQL folds once. Undefined when nothing searchable was typed.
 */
export function textQuery(text: string): SQL | undefined {
  const words = typedWords(text);
  if (!words.length) return undefined;
  const perWord = words.map((lower) => {
    const accented = withAccentRestored(lower);
    const restored = accented === lower ? sql`` : sql` || to_tsquery('spanish', ${`${accented}:*`})`;
    return sql`(to_tsquery('spanish', ${`${lower}:*`}) || to_tsquery('es_unaccent', ${`${lower}:*`})${restored})`;
  });
  return sql`(${sql.join(perWord, sql` && `)})`;
}

/**
 * A list counts its matches up to this many: past it, the answer says "more than" this many and its
 * pages stop there (refine the search to see more). Counting stays bounded however common a word is.
 */
const COUNT_LIMIT = REGULATION_COUNT_LIMIT;

/** One page of a list: its rows in order, and how many match (at most COUNT_LIMIT; `capped` when more do). */
export type ListPage = { rows: RegulationListRow[]; total: number; capped: boolean };

/** What lists read of a row: not the PDFs' text nor the search documents, which only the database reads. */
const {
  approvedText: _approvedText,
  processText: _processText,
  searchDocument: _searchDocument,
  titleDocument: _titleDocument,
  processDocument: _processDocument,
  authorSearch: _authorSearch,
  ...LISTED
} = getTableColumns(regulations);

export function createRegulationSearch(db: Database) {
  /**
   * The approved PDF texts a page's excerpts are cut from: prepared once per connection (planning it
   * cost more than running it).
   */
  const approvedTextsStatement = db
    .select({ id: regulations.id, text: regulations.approvedText })
    .from(regulations)
    .where(sql`${regulations.id} = any(${sql.placeholder('ids')}::int[]) and ${regulations.approvedText} is not null`)
    .prepare('regulations_approved_texts');

  /**
   * A read with the planner held to one way of reading, in a transaction of its own (the settings last
   * until its end): `index`, walking a btree index (no sequential scan, no bitmap); `bitmap`, reading
   * the indexes as bitmaps (a GIN index's matches without reading any row's text). With a LIMIT the
   * planner likes a sequential scan that stops early, but on a table whose rows were updated the first
   * pages can be free space (a bounded count of the list took 23 ms that way, 1 ms through an index),
   * and its estimate for a prefix query can be off a thousandfold.
   */
  function planned<T>(way: 'index' | 'bitmap', work: (tx: Tx) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', ${way === 'bitmap' ? 'on' : 'off'}, true), set_config('enable_indexscan', ${way === 'index' ? 'on' : 'off'}, true)`,
      );
      return work(tx);
    });
  }

  /** How many rows match, counting at most `limit`, through an index read as `way` says. */
  async function countUpTo(where: SQL | undefined, limit: number, way: 'index' | 'bitmap'): Promise<number> {
    if (limit <= 0) return 0;
    return planned(way, async (tx) => {
      const matches = tx.select({ one: sql`1`.as('one') }).from(regulations).where(where).limit(limit).as('matches');
      const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(matches);
      return total;
    });
  }

  const newestFirst = [desc(regulations.createdAt), desc(regulations.id)];
  const withinCount = (counted: number) => ({ total: Math.min(counted, COUNT_LIMIT), capped: counted > COUNT_LIMIT });

  /**
   * Without words: the newest first, straight from the created_at index (or type and created_at), and a
   * bounded count walking the same index; a filter that only a GIN index serves (the staff list's
   * author) is counted through it as a bitmap instead.
   */
  async function newestPage(where: SQL | undefined, offset: number, perPage: number, countWay: 'index' | 'bitmap'): Promise<ListPage> {
    const limit = Math.min(perPage, COUNT_LIMIT - offset);
    const [counted, rows] = await Promise.all([
      countUpTo(where, COUNT_LIMIT + 1, countWay),
      limit > 0 ? db.select(LISTED).from(regulations).where(where).orderBy(...newestFirst).limit(limit).offset(offset) : Promise.resolve([]),
    ]);
    return { rows, ...withinCount(counted) };
  }

  /**
   * The matches outside the title, newest first: how many (up to `bound`) and the `limit` from `offset`.
   * They are first read through the GIN index alone (a bitmap scan: no row's PDF text is read, so a
   * rare word costs what its few matches do), ids and dates only, at most `bound` of them. When that is
   * all of them, the page is cut from that list; when there are more, the page is read walking the
   * date index, which finds them quickly because they are many. The planner is kept from choosing
   * either walk for the first read: its estimate for a prefix query can be off a thousandfold, and a
   * walk that meets no match reads every row's PDF text (0.2-0.9 s on 100,000 norms).
   */
  async function otherMatches(where: SQL | undefined, bound: number, offset: number, limit: number): Promise<{ rows: RegulationListRow[]; counted: number }> {
    if (bound <= 0) return { rows: [], counted: 0 };
    const found = await planned('bitmap', (tx) => tx.select({ id: regulations.id, createdAt: regulations.createdAt }).from(regulations).where(where).limit(bound));
    if (limit <= 0) return { rows: [], counted: found.length };
    if (found.length < bound) {
      const ids = found
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
        .slice(offset, offset + limit)
        .map((row) => row.id);
      const rows = ids.length ? await db.select(LISTED).from(regulations).where(inArray(regulations.id, ids)) : [];
      const byId = new Map(rows.map((row) => [row.id, row]));
      return { rows: ids.map((id) => byId.get(id)).filter((row) => row !== undefined), counted: found.length };
    }
    const rows = await db.select(LISTED).from(regulations).where(where).orderBy(...newestFirst).limit(limit).offset(offset);
    return { rows, counted: found.length };
  }

  /**
   * With words: the norms whose subject or keywords match first, best first (ts_rank on the small
   * title document, subject above keywords, among the newest COUNT_LIMIT + 1 of them only), then those that
   * match elsewhere (the PDF's text; for the staff, also the process PDF's), newest first. Nothing
   * ranks the big document, and nothing counts past the bound, so a word found in every PDF costs
   * about what a rare one does.
   */
  async function rankedPage(filters: SQL | undefined, words: SQL, anywhere: SQL, offset: number, perPage: number): Promise<ListPage> {
    const inTitle = sql`${regulations.titleDocument} @@ ${words}`;
    const candidates = db
      .select({ id: regulations.id, createdAt: regulations.createdAt, rank: sql<number>`ts_rank(${regulations.titleDocument}, ${words})`.as('rank') })
      .from(regulations)
      .where(and(filters, inTitle))
      .orderBy(...newestFirst)
      .limit(COUNT_LIMIT + 1)
      .as('candidates');
    const titleIds = (await db.select({ id: candidates.id }).from(candidates).orderBy(desc(candidates.rank), desc(candidates.createdAt), desc(candidates.id))).map(
      (row) => row.id,
    );
    const end = Math.min(offset + perPage, COUNT_LIMIT);
    const shownTitles = titleIds.slice(offset, end);
    const elsewhere = and(filters, anywhere, sql`(${inTitle}) is not true`);
    const othersWanted = Math.max(0, end - Math.max(offset, titleIds.length));
    const othersOffset = Math.max(0, offset - titleIds.length);
    const [titleRows, others] = await Promise.all([
      shownTitles.length ? db.select(LISTED).from(regulations).where(inArray(regulations.id, shownTitles)) : Promise.resolve([]),
      titleIds.length > COUNT_LIMIT ? Promise.resolve({ rows: [], counted: 0 }) : otherMatches(elsewhere, COUNT_LIMIT + 1 - titleIds.length, othersOffset, othersWanted),
    ]);
    const byId = new Map(titleRows.map((row) => [row.id, row]));
    const rows = [...shownTitles.map((id) => byId.get(id)).filter((row) => row !== undefined), ...others.rows];
    return { rows, ...withinCount(titleIds.length + others.counted) };
  }

  /** One page of a list: ranked when words were typed, newest first otherwise. */
  function pageOf(
    filters: SQL | undefined,
    words: { query: SQL; anywhere: SQL } | undefined,
    page: number,
    perPage: number,
    countWay: 'index' | 'bitmap' = 'index',
  ): Promise<ListPage> {
    const offset = (page - 1) * perPage;
    return words ? rankedPage(filters, words.query, words.anywhere, offset, perPage) : newestPage(filters, offset, perPage, countWay);
  }

  /**
   * The legal force asked for: today's is stored (regulations.legal_force); on another day
   * (`in_force_on`, DESIGN.md 9.2) the database computes it, and a norm not yet in effect that day is
   * left out.
   */
  const forceFilter = (query: PublicRegulationQuery) => {
    if (query.in_force_on) {
      const force = sql`regulation_legal_force_on(${regulations.id}, ${query.in_force_on}::date)`;
      return query.legal_force ? sql`${force} = ${query.legal_force}::legal_force` : sql`${force} is not null`;
    }
    return query.legal_force ? eq(regulations.legalForce, query.legal_force) : undefined;
  };

  /** Rows with their force on the day asked, when one was (the stored one is today's). */
  async function onDay<T extends { id: number; legalForce: LegalForce }>(rows: T[], day: string | undefined): Promise<T[]> {
    if (!day || !rows.length) return rows;
    const result = await db.execute<{ id: number; force: LegalForce | null }>(
      sql`select id, regulation_legal_force_on(id, ${day}::date) as force from unnest(${sql.param(rows.map((row) => row.id))}::int[]) as id`,
    );
    const forces = new Map(result.rows.map((row) => [row.id, row.force]));
    return rows.map((row) => ({ ...row, legalForce: forces.get(row.id) ?? row.legalForce }));
  }

  /** The public norms: approved or old ones of the public types, with the filters of the public search. */
  const publicFilters = (query: PublicRegulationQuery, timeZone: string) =>
    and(
      // Projects in trámite (made public by an agenda) have no legal force yet: the force filters are the norms'.
      query.estado === 'en_tramite' ? publicProject() : publicNorm(),
      query.estado === 'en_tramite' ? undefined : forceFilter(query),
      ...staffFilters({ ...query, state: undefined, author_type: undefined, author: undefined }, timeZone),
    );

  const search = {
    /**
     * One page of the staff list with every filter of spec 2.5.1: newest first, or with words the best
     * matches first (the process PDF's text counts as a match too).
     */
    async list(query: StaffRegulationQuery, options: { perPage: number; timeZone: string }): Promise<ListPage> {
      // An expediente typed whole (`123-C-2026`, any case) finds that one, exactly (DESIGN.md 9.2).
      const expediente = query.search ? parseExpediente(query.search) : null;
      if (expediente) return pageOf(and(...staffFilters(query, options.timeZone), eq(regulations.expediente, expediente)), undefined, query.page, options.perPage, 'index');
      const words = query.search ? textQuery(query.search) : undefined;
      const anywhere = words && sql`(${regulations.searchDocument} @@ ${words} or ${regulations.processDocument} @@ ${words})`;
      const filters = and(...staffFilters(query, options.timeZone));
      return pageOf(filters, words && anywhere && { query: words, anywhere }, query.page, options.perPage, query.author ? 'bitmap' : 'index');
    },

    /** One page of the public search of /normativas: the best matches first when searching, newest first otherwise. */
    async listPublished(query: PublicRegulationQuery, options: { perPage: number; timeZone: string }): Promise<ListPage & { search: SQL | undefined }> {
      const expediente = query.search ? parseExpediente(query.search) : null;
      if (expediente) return { ...(await pageOf(and(publicFilters(query, options.timeZone), eq(regulations.expediente, expediente)), undefined, query.page, options.perPage)), search: undefined };
      const words = query.search ? textQuery(query.search) : undefined;
      const anywhere = words && sql`${regulations.searchDocument} @@ ${words}`;
      const page = await pageOf(publicFilters(query, options.timeZone), words && anywhere && { query: words, anywhere }, query.page, options.perPage);
      return { ...page, rows: await onDay(page.rows, query.in_force_on), search: words };
    },

    /**
     * Every public norm the filters find, for the downloads, in the list's order (subject and keyword
     * matches by rank, then the rest newest first) but neither bounded nor counted, a batch at a time.
     */
    async *allPublished(query: PublicRegulationQuery, options: { timeZone: string; batch: number; max: number }) {
      const expediente = query.search ? parseExpediente(query.search) : null;
      const words = query.search && !expediente ? textQuery(query.search) : undefined;
      const where = and(publicFilters(query, options.timeZone), words ? sql`${regulations.searchDocument} @@ ${words}` : undefined, expediente ? eq(regulations.expediente, expediente) : undefined);
      // A norm whose title does not match ranks 0: after every one that does, as on the list's pages.
      const order = words ? [desc(sql`ts_rank(${regulations.titleDocument}, ${words})`), ...newestFirst] : newestFirst;
      for (let offset = 0; offset < options.max; offset += options.batch) {
        const rows = await db.select(LISTED).from(regulations).where(where).orderBy(...order).limit(options.batch).offset(offset);
        if (rows.length === 0) return;
        yield await onDay(rows, query.in_force_on);
        if (rows.length < options.batch) return;
      }
    },

    /**
     * The rows of a page the in-memory index found, in no order, with their keywords and the approved
     * PDF's text of those whose PDF matched (for their excerpt): one query.
     */
    /** The approved PDF texts of these norms, by id (those without one are left out). */
    async approvedTexts(ids: readonly number[]): Promise<Map<number, string>> {
      const rows = await approvedTextsStatement.execute({ ids: [...ids] });
      return new Map(rows.map((row) => [row.id, row.text!]));
    },

    /** The newest approvals of public norms (not old ones loaded from the archive), for the feed. */
    async latestApproved(limit: number) {
      return db
        .select()
        .from(regulations)
        .where(and(eq(regulations.state, 'approved'), sql`${regulations.approvedAt} is not null`, inArray(regulations.type, [...PUBLIC_REGULATION_TYPES])))
        .orderBy(desc(regulations.approvedAt), desc(regulations.id))
        .limit(limit);
    },

    /**
     * For the results of a search: whether the words matched the subject, the keywords or the approved
     * PDF's text, and around a PDF match a short excerpt with the matches between \u0002 and \u0003.
     */
    async matchesOf(ids: readonly number[], search: SQL) {
      if (!ids.length) return new Map<number, { subject: boolean; keywords: boolean; pdf: boolean; excerpt: string | null }>();
      // The stored document keeps where each word came from as its weight (A subject, B keywords,
      // C PDF): ts_filter reads that without parsing the texts again; only a PDF match is re-read,
      // for its excerpt.
      const result = await db.execute<{ id: number; subject: boolean; keywords: boolean; pdf: boolean; excerpt: string | null }>(sql`
        select m.id, m.subject, m.keywords, m.pdf,
          case when m.pdf then ts_headline('es_unaccent', m.approved_text, m.query,
            'StartSel=' || chr(2) || ', StopSel=' || chr(3) || ', MaxWords=28, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "')
          end as excerpt
        from (
          select r.id, r.approved_text, q.query,
            ts_filter(r.search_document, '{a}') @@ q.query as subject,
            ts_filter(r.search_document, '{b}') @@ q.query as keywords,
            ts_filter(r.search_document, '{c}') @@ q.query as pdf
          from regulations r, (select ${search} as query) q
          where r.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
        ) m`);
      return new Map(result.rows.map((row) => [row.id, row]));
    },

    /** Candidates for the modifies / modified-by pickers: linkable norms whose subject or number matches. */
    async related(search: string, options: { type?: RegulationType; exceptId?: number }) {
      const linkableTypes = REGULATION_TYPES.filter((type) => canHaveLinks(type, 'decree'));
      const number = /^\d{1,8}$/.test(search) ? Number(search) : undefined;
      const words = textQuery(search);
      return db
        .select({ id: regulations.id, type: regulations.type, number: regulations.number, subject: regulations.subject })
        .from(regulations)
        .where(
          and(
            inArray(regulations.type, linkableTypes),
            or(
              ne(regulations.type, 'dem-message'),
              inArray(regulations.demType, ['decree', 'ordinance']),
            ),
            options.type ? eq(regulations.type, options.type) : undefined,
            options.exceptId ? ne(regulations.id, options.exceptId) : undefined,
            or(
              words ? sql`${regulations.searchDocument} @@ ${words}` : sql`false`,
              number !== undefined ? eq(regulations.number, number) : undefined,
            ),
          ),
        )
        .orderBy(desc(regulations.createdAt))
        .limit(20);
    },
  };
  return search;
}

/** The filters besides the words: number, type, state, author, dates. */
function staffFilters(query: StaffRegulationQuery, timeZone: string): (SQL | undefined)[] {
  const filters: (SQL | undefined)[] = [];
  if (query.numberSearch) {
    const number = /^\d{1,8}$/.test(query.numberSearch) ? Number(query.numberSearch) : -1;
    filters.push(eq(regulations.number, number));
  }
  if (query.type) filters.push(eq(regulations.type, query.type));
  if (query.state) filters.push(eq(regulations.state, query.state));
  if (query.author_type) filters.push(eq(regulations.authorType, query.author_type));
  if (query.author) {
    filters.push(sql`${regulations.authorSearch} like ${likePattern(removeAccents(query.author).toLowerCase())}`);
  }
  // Calendar days in the council's time zone, both inclusive.
  if (query.from) filters.push(sql`${regulations.createdAt} >= (${query.from}::date)::timestamp at time zone ${timeZone}`);
  if (query.to) filters.push(sql`${regulations.createdAt} < ((${query.to}::date + 1)::timestamp at time zone ${timeZone})`);
  return filters;
}

