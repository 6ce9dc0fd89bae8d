import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AuthorType, DemType, PublicRegulationQuery, RegulationRef, RegulationState, RegulationType, StaffRegulationQuery } from '@concejo/contracts';
import { canHaveLinks, PUBLIC_REGULATION_TYPES, REGULATION_TYPES } from '@concejo/contracts';
import type { Database } from '../../db/client.js';
import { addJob, MAX_ATTEMPTS } from '../../queue/queue.js';
import {
  regulationAuthors,
  regulationKeywords,
  regulationModifications,
  regulations,
  users,
} from '../../db/schema/index.js';

/** One extraction job per regulation (queued twice, it is replaced, unless it is running). */
const TEXT_JOB_KEY = 'extract-text:';
const textJobKey = (regulationId: number) => `${TEXT_JOB_KEY}${regulationId}`;

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Db = Database | Tx;

export type RegulationRow = typeof regulations.$inferSelect;

export interface RegulationValues {
  type: RegulationType;
  demType: DemType | null;
  number: number | null;
  subject: string;
  state: RegulationState;
  authorType: AuthorType | null;
  pdfProcess: string | null;
  pdfApproved: string | null;
  isOld: boolean;
  createdBy: number | null;
  createdAt: Date;
  approvedAt: Date | null;
}

export interface RegulationSnapshot {
  row: RegulationRow;
  authors: string[];
  keywords: string[];
  modified: RegulationRef[];
  modifying: RegulationRef[];
  ownName: string;
}

export interface HistoryEntry {
  nameCell: string;
  oldCell: string | null;
  newCell: string | null;
}

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

export function createRegulationRepository(db: Database) {
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

  const repository = {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async insert(tx: Tx, values: RegulationValues): Promise<RegulationRow> {
      const [row] = await tx.insert(regulations).values(values).returning();
      return row!;
    },

    async update(tx: Tx, id: number, values: Partial<RegulationValues & Pick<RegulationRow, 'textStatus' | 'textAttempts'>>, now: Date): Promise<void> {
      await tx
        .update(regulations)
        .set({ ...values, updatedAt: now, version: sql`${regulations.version} + 1` })
        .where(eq(regulations.id, id));
    },

    async lock(tx: Tx, id: number): Promise<RegulationRow | undefined> {
      const [row] = await tx.select().from(regulations).where(eq(regulations.id, id)).for('update');
      return row;
    },

    async find(id: number, client: Db = db): Promise<RegulationRow | undefined> {
      const [row] = await client.select().from(regulations).where(eq(regulations.id, id));
      return row;
    },

    async replaceAuthors(tx: Db, id: number, names: readonly string[]): Promise<void> {
      await replaceList(tx, 'regulation_authors', 'name', id, names);
    },

    async replaceKeywords(tx: Db, id: number, words: readonly string[]): Promise<void> {
      await replaceList(tx, 'regulation_keywords', 'word', id, words);
    },

    /** Sets the norms this one modifies and/or the ones that modify it: one statement per side. */
    async replaceLinks(tx: Db, id: number, links: { modifies?: readonly number[]; modifiedBy?: readonly number[] }) {
      if (links.modifies) {
        await tx.execute(sql`
          with gone as (delete from regulation_links where modifier_id = ${id} and modified_id <> all(${toIntArray(links.modifies)}::int[]))
          insert into regulation_links (modifier_id, modified_id)
          select ${id}, other from unnest(${toIntArray(links.modifies)}::int[]) as other on conflict do nothing`);
      }
      if (links.modifiedBy) {
        await tx.execute(sql`
          with gone as (delete from regulation_links where modified_id = ${id} and modifier_id <> all(${toIntArray(links.modifiedBy)}::int[]))
          insert into regulation_links (modifier_id, modified_id)
          select other, ${id} from unnest(${toIntArray(links.modifiedBy)}::int[]) as other on conflict do nothing`);
      }
    },

    /**
     * A regulation whole in one statement: its row, authors and keywords in order, the norms it
     * modifies and those that modify it (each as a reference), and, with `forUserId`, that user's full
     * name (a concejal's own authorship). `lock` takes the row lock an update holds to its commit.
     */
    async snapshot(id: number, options: { client?: Db; lock?: boolean; forUserId?: number } = {}): Promise<RegulationSnapshot | undefined> {
      const client = options.client ?? db;
      const ref = (side: 'modifier_id' | 'modified_id', other: 'modifier_id' | 'modified_id') => sql`coalesce((
        select json_agg(json_build_object('id', o.id, 'type', o.type, 'number', o.number, 'subject', o.subject) order by o.type, o.number)
        from regulation_links l join regulations o on o.id = l.${sql.raw(other)} where l.${sql.raw(side)} = ${regulations.id}), '[]'::json)`;
      const query = client
        .select({
          row: regulations,
          authors: sql<string[]>`coalesce((select json_agg(a.name order by a.position) from regulation_authors a where a.regulation_id = ${regulations.id}), '[]'::json)`,
          keywords: sql<string[]>`coalesce((select json_agg(k.word order by k.position) from regulation_keywords k where k.regulation_id = ${regulations.id}), '[]'::json)`,
          modified: sql<RegulationRef[]>`${ref('modifier_id', 'modified_id')}`,
          modifying: sql<RegulationRef[]>`${ref('modified_id', 'modifier_id')}`,
          ownName: options.forUserId === undefined ? sql<string>`''` : sql<string>`coalesce((select trim(u.name || ' ' || u.last_name) from users u where u.id = ${options.forUserId}), '')`,
        })
        .from(regulations)
        .where(eq(regulations.id, id));
      const [found] = options.lock ? await query.for('update', { of: regulations }) : await query;
      return found;
    },

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
           and not exists (select 1 from graphile_worker.jobs j where j.key = ${TEXT_JOB_KEY}::text || r.id)`);
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
     * queued and this one is dropped). Answers whether it was stored.
     */
    async saveExtractedTexts(
      id: number,
      texts: { approvedText: string | null; processText: string | null; status: 'indexed' | 'unreadable' | 'none' },
      extractedFrom: { pdfProcess: string | null; pdfApproved: string | null },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(regulations).where(eq(regulations.id, id)).for('update');
        if (!row || row.pdfProcess !== extractedFrom.pdfProcess || row.pdfApproved !== extractedFrom.pdfApproved) return false;
        await tx
          .update(regulations)
          .set({ approvedText: texts.approvedText, processText: texts.processText, textStatus: texts.status })
          .where(eq(regulations.id, id));
        await repository.refreshSearchDocument(tx, id);
        return true;
      });
    },

    async addHistory(tx: Tx, id: number, userId: number, now: Date, entries: readonly HistoryEntry[]): Promise<void> {
      if (entries.length) {
        await tx
          .insert(regulationModifications)
          .values(entries.map((entry) => ({ ...entry, regulationId: id, userId, createdAt: now })));
      }
    },

    async fullNameOf(userId: number): Promise<string> {
      const [row] = await db.select({ name: users.name, lastName: users.lastName }).from(users).where(eq(users.id, userId));
      return row ? `${row.name} ${row.lastName}`.trim() : '';
    },

    async delete(tx: Tx, id: number): Promise<void> {
      await tx.delete(regulations).where(eq(regulations.id, id));
    },

    async findByTypeAndNumber(type: RegulationType, number: number, exceptId?: number, client: Db = db) {
      const [row] = await client
        .select({ id: regulations.id, cargo: regulations.cargo })
        .from(regulations)
        .where(and(eq(regulations.type, type), eq(regulations.number, number), exceptId ? ne(regulations.id, exceptId) : undefined));
      return row;
    },

    /** Of the given ids, the ones that exist, with what decides whether they can be linked. */
    async findLinkable(ids: readonly number[], client: Db = db) {
      if (!ids.length) return [];
      return client
        .select({ id: regulations.id, type: regulations.type, demType: regulations.demType, number: regulations.number, subject: regulations.subject })
        .from(regulations)
        .where(inArray(regulations.id, [...ids]));
    },

    async authorsOf(ids: readonly number[], client: Db = db) {
      return orderedValues(client, ids, regulationAuthors.regulationId, regulationAuthors.name, regulationAuthors.position);
    },

    async keywordsOf(ids: readonly number[], client: Db = db) {
      return orderedValues(client, ids, regulationKeywords.regulationId, regulationKeywords.word, regulationKeywords.position);
    },

    async historyOf(id: number, client: Db = db) {
      return client
        .select({
          id: regulationModifications.id,
          createdAt: regulationModifications.createdAt,
          nameCell: regulationModifications.nameCell,
          oldCell: regulationModifications.oldCell,
          newCell: regulationModifications.newCell,
          userName: users.name,
          userLastName: users.lastName,
        })
        .from(regulationModifications)
        .leftJoin(users, eq(users.id, regulationModifications.userId))
        .where(eq(regulationModifications.regulationId, id))
        .orderBy(desc(regulationModifications.id));
    },

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
        const { rows } = await repository.listPublished({ ...query, page: 1 }, { perPage: options.batch, timeZone: options.timeZone, offset, withTotal: false });
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
  return repository;
}

export type RegulationRepository = ReturnType<typeof createRegulationRepository>;

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

/** A list kept in its own table (authors, keywords), in order, for each of the regulations. */
async function orderedValues(
  client: Db,
  ids: readonly number[],
  owner: typeof regulationAuthors.regulationId | typeof regulationKeywords.regulationId,
  value: typeof regulationAuthors.name | typeof regulationKeywords.word,
  position: typeof regulationAuthors.position | typeof regulationKeywords.position,
): Promise<Map<number, string[]>> {
  if (!ids.length) return new Map();
  const rows = await client
    .select({ id: owner, value })
    .from(owner.table)
    .where(inArray(owner, [...ids]))
    .orderBy(asc(position));
  return groupBy(rows);
}

function groupBy(rows: { id: number; value: string }[]): Map<number, string[]> {
  const map = new Map<number, string[]>();
  for (const row of rows) {
    const list = map.get(row.id);
    if (list) list.push(row.value);
    else map.set(row.id, [row.value]);
  }
  return map;
}

/**
 * Sets a regulation's list (authors or keywords) in one statement: the items upserted by position, the
 * positions past the new end deleted (disjoint rows, so the two parts of the statement never meet).
 */
async function replaceList(tx: Db, table: 'regulation_authors' | 'regulation_keywords', column: 'name' | 'word', id: number, items: readonly string[]) {
  const [target, value] = [sql.raw(table), sql.raw(column)];
  await tx.execute(sql`
    with kept as (
      insert into ${target} (regulation_id, position, ${value})
      select ${id}, item.ord - 1, item.value from unnest(${toTextArray(items)}::text[]) with ordinality as item(value, ord)
      on conflict (regulation_id, position) do update set ${value} = excluded.${value})
    delete from ${target} where regulation_id = ${id} and position >= ${items.length}`);
}

/** A list as one PostgreSQL array parameter (pg sends JS arrays as array literals). */
function toTextArray(items: readonly string[]): SQL {
  return sql`${sql.param([...items])}`;
}

function toIntArray(items: readonly number[]): SQL {
  return sql`${sql.param([...items])}`;
}
