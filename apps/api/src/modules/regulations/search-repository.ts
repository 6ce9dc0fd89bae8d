import { and, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { PUBLIC_REGULATION_TYPES, REGULATION_TYPES, canHaveLinks, type PublicRegulationQuery, type RegulationType, type StaffRegulationQuery } from '@concejo/contracts';
import type { Database } from '../../db/client.js';
import { regulations } from '../../db/schema/index.js';

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
  const words = text.normalize('NFC').match(/[\p{L}\p{N}]+/gu)?.slice(0, 12);
  if (!words?.length) return undefined;
  const perWord = words.map((word) => {
    const lower = word.toLocaleLowerCase('es');
    const accented = lower.replace(/([cs])ion$/, '$1ión');
    const restored = accented === lower ? sql`` : sql` || to_tsquery('spanish', ${`${accented}:*`})`;
    return sql`(to_tsquery('spanish', ${`${lower}:*`}) || to_tsquery('es_unaccent', ${`${lower}:*`})${restored})`;
  });
  return sql`(${sql.join(perWord, sql` && `)})`;
}

/** The same folding as PostgreSQL's unaccent for Spanish text: á -> a, ñ -> n, ü -> u. */
export function removeAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').normalize('NFC');
}

export function createRegulationSearch(db: Database) {
  /**
   * One page and the total. With a search, the best matches first (subject weighs more than keywords,
   * keywords more than the PDF); otherwise the newest, straight from the created_at index.
   * (A single query with count(*) over () was measured slower: it sorts the whole match.)
   */
  async function pageOf(where: SQL | undefined, search: SQL | undefined, page: number, perPage: number, offset = (page - 1) * perPage, withTotal = true) {
    const order = search
      ? [desc(sql`ts_rank(${regulations.searchDocument}, ${search})`), desc(regulations.createdAt), desc(regulations.id)]
      : [desc(regulations.createdAt), desc(regulations.id)];
    const [[{ total } = { total: 0 }], rows] = await Promise.all([
      withTotal ? db.select({ total: count() }).from(regulations).where(where) : Promise.resolve([{ total: -1 }]),
      db.select().from(regulations).where(where).orderBy(...order).limit(perPage).offset(offset),
    ]);
    return { rows, total };
  }

  const search = {
    /** One page of the staff list, newest first, with every filter of spec 2.5.1. */
    async list(query: StaffRegulationQuery, options: { perPage: number; timeZone: string }) {
      const search = query.search ? textQuery(query.search) : undefined;
      const where = and(...staffFilters(query, search, options.timeZone));
      return pageOf(where, search, query.page, options.perPage);
    },

    /**
     * One page of the public search: approved or old norms of the public types, the best matches
     * first when searching (newest first otherwise).
     */
    async listPublished(query: PublicRegulationQuery, options: { perPage: number; timeZone: string; offset?: number; withTotal?: boolean }) {
      const search = query.search ? textQuery(query.search) : undefined;
      const where = and(
        or(eq(regulations.state, 'approved'), eq(regulations.isOld, true)),
        inArray(regulations.type, [...PUBLIC_REGULATION_TYPES]),
        ...staffFilters({ ...query, state: undefined, author_type: undefined, author: undefined }, undefined, options.timeZone),
        search ? sql`${regulations.searchDocument} @@ ${search}` : undefined,
      );
      return { ...(await pageOf(where, search, query.page, options.perPage, options.offset, options.withTotal)), search };
    },

    /** Every public norm the filters find, for the downloads, a batch at a time, in the list's order. */
    async *allPublished(query: PublicRegulationQuery, options: { timeZone: string; batch: number; max: number }) {
      for (let offset = 0; offset < options.max; offset += options.batch) {
        // The downloads need no total: no count query per batch.
        const { rows } = await search.listPublished({ ...query, page: 1 }, { perPage: options.batch, timeZone: options.timeZone, offset, withTotal: false });
        if (rows.length === 0) return;
        yield rows;
        if (rows.length < options.batch) return;
      }
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

function staffFilters(query: StaffRegulationQuery, search: SQL | undefined, timeZone: string): (SQL | undefined)[] {
  const filters: (SQL | undefined)[] = [];
  // Staff also find words that appear only in the process PDF.
  if (search) filters.push(sql`(${regulations.searchDocument} @@ ${search} or ${regulations.processDocument} @@ ${search})`);
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

