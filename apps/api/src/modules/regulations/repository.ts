import { and, asc, desc, eq, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { PUBLIC_REGULATION_TYPES } from '@concejo/contracts';
import type { AuthorType, DemType, LegalForce, LinkedRegulationRef, PublicRegulationType, RegulationLinkKind, RegulationState, RegulationType } from '@concejo/contracts';
import type { Database, Db, Tx } from '../../db/client.js';
import type { Links } from './links.js';
import { publicNorm, publicNormAs, publicProject, type OpenDataRow, type PublishedNormRow, type PublishedProjectRow } from '../../lib/public-norm.js';
import type { StoredAction } from '../../lib/regulation-actions.js';
import { createRegulationSearch } from './search-repository.js';
import { createRegulationTextStore } from './text-repository.js';
import {
  regulationAuthors,
  regulationKeywords,
  regulationActions,
  regulationModifications,
  regulations,
  users,
} from '../../db/schema/index.js';



export type RegulationRow = typeof regulations.$inferSelect;
/** A regulation as lists show it: its fields without the PDFs' text and the search documents (kilobytes each). */
export type RegulationListRow = Omit<RegulationRow, 'approvedText' | 'processText' | 'searchDocument' | 'titleDocument' | 'processDocument' | 'authorSearch'>;

export interface RegulationValues {
  type: RegulationType;
  /** Given on registration (actions.ts); absent for archive norms. */
  expediente?: string | null;
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
  /** The norms it links to, and those linking to it, each with the link's kind. */
  modified: LinkedRegulationRef[];
  modifying: LinkedRegulationRef[];
  /** Its trámite, oldest step first. */
  actions: StoredAction[];
  ownName: string;
}

export interface HistoryEntry {
  nameCell: string;
  oldCell: string | null;
  newCell: string | null;
}

/** A link between two norms as legal-force.ts reads it: which way it goes from the norm asked about. */
export type StoredLink = {
  modifierId: number;
  modifiedId: number;
  kind: RegulationLinkKind;
  note: string | null;
  until: string | null;
  direction: 'outgoing' | 'incoming';
  other: { type: RegulationType; number: number | null };
};

/** What a public page lists of the regulation `r`: its steps (oldest first), authors and keywords in order, as JSON. */
const PAGE_LISTS = sql.raw(`coalesce((select json_agg(json_build_object('id', a.id, 'kind', a.kind, 'date', a.date, 'details', a.details, 'note', a.note, 'automatic', a.automatic, 'pdf', a.pdf, 'dayOrderId', a.day_order_id) order by a.date, a.id)
            from regulation_actions a where a.regulation_id = r.id), '[]'::json) as actions,
          coalesce((select json_agg(a.name order by a.position) from regulation_authors a where a.regulation_id = r.id), '[]'::json) as authors,
          coalesce((select json_agg(k.word order by k.position) from regulation_keywords k where k.regulation_id = r.id), '[]'::json) as keywords`);

export function createRegulationRepository(db: Database) {
  const text = createRegulationTextStore(db);
  const repository = {
    /**
     * Runs `work` in one transaction. Two saves that link two norms to each other lock them in opposite
     * orders (each its own row, then the other through the link's foreign key and the legal force), so
     * PostgreSQL may stop one of them as a deadlock (40P01): that one runs again from the start, up to
     * DEADLOCK_ATTEMPTS times, and then sees what the other saved. `work` may run more than once, so it
     * writes only through `tx` (and resets whatever it collects outside).
     */
    async transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await db.transaction(work);
        } catch (error) {
          if (attempt >= DEADLOCK_ATTEMPTS || sqlStateOf(error) !== '40P01') throw error;
        }
      }
    },

    async insert(tx: Tx, values: RegulationValues): Promise<RegulationRow> {
      const [row] = await tx.insert(regulations).values(values).returning();
      return row!;
    },

    async update(tx: Tx, id: number, values: Partial<RegulationValues & Pick<RegulationRow, 'textStatus' | 'textAttempts' | 'approvedTextOcr'>>, now: Date): Promise<void> {
      await tx
        .update(regulations)
        .set({ ...values, updatedAt: now, version: sql`${regulations.version} + 1` })
        .where(eq(regulations.id, id));
    },

    /** The link between two norms, this one's way first (it acts on the other), with the other norm named. */
    async linkBetween(tx: Tx, id: number, otherId: number): Promise<StoredLink | undefined> {
      const result = await tx.execute<StoredLink>(sql`
        select l.modifier_id as "modifierId", l.modified_id as "modifiedId", l.kind, l.note, l.until::text as until,
          case when l.modifier_id = ${id} then 'outgoing' else 'incoming' end as direction,
          json_build_object('type', o.type, 'number', o.number) as other
        from regulation_links l join regulations o on o.id = ${otherId}
        where (l.modifier_id = ${id} and l.modified_id = ${otherId}) or (l.modifier_id = ${otherId} and l.modified_id = ${id})
        order by (l.modifier_id = ${id}) desc limit 1 for update of l`);
      return result.rows[0];
    },

    /** Writes a link's note and last day (the legal force of the norm it points at follows: migration 0013's trigger). */
    async setLinkDetails(tx: Tx, link: Pick<StoredLink, 'modifierId' | 'modifiedId'>, details: { note: string | null; until: string | null }): Promise<void> {
      await tx.execute(sql`update regulation_links set note = ${details.note}, until = ${details.until}::date
        where modifier_id = ${link.modifierId} and modified_id = ${link.modifiedId}`);
    },

    /** Writes a norm's term and nullity; answers its legal force today as the database computed it (migration 0023). */
    async setOwnForceFacts(tx: Tx, id: number, facts: { inForceUntil: string | null; voidedOn: string | null }): Promise<LegalForce> {
      await tx.update(regulations).set({ inForceUntil: facts.inForceUntil, voidedOn: facts.voidedOn, updatedAt: sql`now()` }).where(eq(regulations.id, id));
      const [row] = await tx.select({ legalForce: regulations.legalForce }).from(regulations).where(eq(regulations.id, id));
      return row!.legalForce;
    },

    /**
     * Rewrites the stored legal force (today's) of every norm whose force can change with the day alone:
     * those a repeal, partial repeal or suspension points at, those with a term or a nullity, those with a
     * caducidad. Answers how many changed, and the council's next midnight (when to run again).
     */
    async refreshDayForces(timeZone: string): Promise<{ changed: number; nextRun: Date }> {
      const { rows } = await db.execute<{ changed: number; next_run: Date }>(sql`
        with today as (select (now() at time zone ${timeZone})::date as day),
        dated as (
          select l.modified_id as id from regulation_links l where l.kind::text in ('repeals', 'partially_repeals', 'suspends')
          union select r.id from regulations r where r.in_force_until is not null or r.voided_on is not null
          union select a.regulation_id from regulation_actions a where a.kind = 'caducidad'),
        changed as (
          update regulations r set legal_force = coalesce(regulation_legal_force_on(r.id, today.day), 'in_force'::legal_force)
          from today where r.id in (select id from dated)
            and r.legal_force is distinct from coalesce(regulation_legal_force_on(r.id, today.day), 'in_force'::legal_force)
          returning r.id)
        select (select count(*)::int from changed) as changed,
          ((select day from today) + interval '1 day') at time zone ${timeZone} as next_run`);
      return { changed: rows[0]!.changed, nextRun: new Date(rows[0]!.next_run) };
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

    /**
     * Sets the norms this one links to and/or those linking to it, each with its kind: one statement per
     * side (a pair whose kind changed is updated in place). The legal force of the norms concerned
     * follows in the database (migration 0013's triggers).
     */
    async replaceLinks(tx: Db, id: number, links: Partial<Links>) {
      for (const side of ['outgoing', 'incoming'] as const) {
        const list = links[side];
        if (!list) continue;
        const [self, other] = side === 'outgoing' ? (['modifier_id', 'modified_id'] as const) : (['modified_id', 'modifier_id'] as const);
        const ids = arrayParam(list.map((link) => link.id));
        const kinds = arrayParam(list.map((link) => link.kind));
        await tx.execute(sql`
          with gone as (delete from regulation_links where ${sql.raw(self)} = ${id} and ${sql.raw(other)} <> all(${ids}::int[]))
          insert into regulation_links (${sql.raw(self)}, ${sql.raw(other)}, kind)
          select ${id}, linked.other, linked.kind from unnest(${ids}::int[], ${kinds}::regulation_link_kind[]) as linked(other, kind)
          on conflict (modifier_id, modified_id) do update set kind = excluded.kind,
            -- Only a suspension has a last day; the note stays with the pair.
            until = case when excluded.kind::text = 'suspends' then regulation_links.until end
          where regulation_links.kind <> excluded.kind`);
      }
    },

    /**
     * A regulation whole in one statement: its row, authors and keywords in order, the norms it
     * modifies and those that modify it (each as a reference), and, with `forUserId`, that user's full
     * name (a concejal's own authorship). `lock` first takes the row lock an update holds to its commit.
     */
    async snapshot(id: number, options: { client?: Db; lock?: boolean; forUserId?: number } = {}): Promise<RegulationSnapshot | undefined> {
      const client = options.client ?? db;
      const ref = (side: 'modifier_id' | 'modified_id', other: 'modifier_id' | 'modified_id') => sql`coalesce((
        select json_agg(json_build_object('id', o.id, 'type', o.type, 'number', o.number, 'subject', o.subject, 'kind', l.kind, 'note', l.note, 'until', l.until::text) order by o.type, o.number)
        from regulation_links l join regulations o on o.id = l.${sql.raw(other)} where l.${sql.raw(side)} = ${regulations.id}), '[]'::json)`;
      const query = client
        .select({
          row: regulations,
          authors: sql<string[]>`coalesce((select json_agg(a.name order by a.position) from regulation_authors a where a.regulation_id = ${regulations.id}), '[]'::json)`,
          keywords: sql<string[]>`coalesce((select json_agg(k.word order by k.position) from regulation_keywords k where k.regulation_id = ${regulations.id}), '[]'::json)`,
          modified: sql<LinkedRegulationRef[]>`${ref('modifier_id', 'modified_id')}`,
          modifying: sql<LinkedRegulationRef[]>`${ref('modified_id', 'modifier_id')}`,
          // Qualified by hand: drizzle writes a column of the selected table unqualified, and a bare
          // "id" here would be the step's own.
          actions: sql<StoredAction[]>`coalesce((
            select json_agg(json_build_object('id', a.id, 'kind', a.kind, 'date', a.date, 'details', a.details, 'note', a.note, 'automatic', a.automatic, 'pdf', a.pdf, 'dayOrderId', a.day_order_id) order by a.date, a.id)
            from regulation_actions a where a.regulation_id = "regulations"."id"), '[]'::json)`,
          ownName: options.forUserId === undefined ? sql<string>`''` : sql<string>`coalesce((select trim(u.name || ' ' || u.last_name) from users u where u.id = ${options.forUserId}), '')`,
        })
        .from(regulations)
        .where(eq(regulations.id, id));
      // The lock first, in a statement of its own: a save that waited for it must then read the links
      // another save just committed (in READ COMMITTED each statement reads what was committed when it
      // began, and a locking SELECT would read its subqueries as of before the wait). Two saves linking
      // two norms to each other otherwise both pass the rule against linking both ways.
      if (options.lock) {
        const [locked] = await client.select({ id: regulations.id }).from(regulations).where(eq(regulations.id, id)).for('update');
        if (!locked) return undefined;
      }
      const [found] = await query;
      return found;
    },

    ...text,

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

    /**
     * One public norm by its address (public type and official number) with everything its page
     * shows, in one statement: authors and keywords in order, the beginning of its PDF's text, and the
     * public norms linked to it either way with their kind and legal force. Undefined when it is not public.
     */
    async publishedNorm(type: PublicRegulationType, number: number, options: { client?: Db; day?: string } = {}): Promise<PublishedNormRow | undefined> {
      const client = options.client ?? db;
      const linked = (self: 'modifier_id' | 'modified_id', other: 'modifier_id' | 'modified_id', direction: 'outgoing' | 'incoming') => sql`
        select l.kind, ${direction}::text as direction, o.type, o.number, o.subject, o.legal_force, l.note, l.until::text as until
        from regulation_links l join regulations o on o.id = l.${sql.raw(other)}
        where l.${sql.raw(self)} = r.id and ${publicNormAs('o')} and o.number is not null`;
      const result = await client.execute<PublishedNormRow>(sql`
        select r.id, r.type, r.dem_type as "demType", r.number, r.subject, r.created_at as "createdAt",
          r.approved_at as "approvedAt", r.pdf_approved as "pdfApproved", r.legal_force as "legalForce", r.is_old as "isOld",
          r.approved_text_ocr as "textRecognized", left(r.approved_text, ${TEXT_START_READ}) as "textStart", r.expediente,
          r.enacted_on::text as "enactedOn", r.promulgated_on::text as "promulgatedOn", r.published_on::text as "publishedOn", r.in_force_from::text as "inForceFrom",
          r.in_force_until::text as "inForceUntil", r.voided_on::text as "voidedOn",
          ${options.day === undefined ? sql`null` : sql`regulation_legal_force_on(r.id, ${options.day}::date)`} as "forceOn",
          ${PAGE_LISTS},
          coalesce((select json_agg(link order by link.direction desc, link.kind, link.type, link.number) from (
            ${linked('modifier_id', 'modified_id', 'outgoing')} union all ${linked('modified_id', 'modifier_id', 'incoming')}) link), '[]'::json) as links
        from regulations r
        where r.type = ${type} and r.number = ${number} and (r.state = 'approved' or r.is_old)`);
      const row = result.rows[0];
      // Dates arrive as text from a raw statement.
      return row && { ...row, createdAt: new Date(row.createdAt), approvedAt: row.approvedAt === null ? null : new Date(row.approvedAt) };
    },

    /** The registered norm of a public type with this expediente, with what its project page shows; undefined when none. */
    async publishedProject(expediente: string, client: Db = db): Promise<PublishedProjectRow | undefined> {
      const result = await client.execute<PublishedProjectRow>(sql`
        select r.id, r.type, r.state, r.number, r.subject, r.created_at::text as "createdAt", r.expediente, r.pdf_process as "pdfProcess",
          exists (select 1 from day_order_items i where i.regulation_id = r.id) as listed,
          ${PAGE_LISTS}
        from regulations r
        where r.expediente = ${expediente} and not r.is_old and r.type = any(${sql.param([...PUBLIC_REGULATION_TYPES])}::regulation_type[])`);
      return result.rows[0];
    },

    /** Whether a stored process PDF belongs to a project made public by an agenda (its file is public exactly then). */
    async isPublicProcessPdf(key: string): Promise<boolean> {
      const [row] = await db.select({ id: regulations.id }).from(regulations).where(and(eq(regulations.pdfProcess, key), publicProject())).limit(1);
      return row !== undefined;
    },

    /** Whether a stored approved PDF belongs to a norm on the public site (its file is public exactly then). */
    async isPublicPdf(key: string): Promise<boolean> {
      const [row] = await db.select({ id: regulations.id }).from(regulations).where(and(eq(regulations.pdfApproved, key), publicNorm())).limit(1);
      return row !== undefined;
    },

    /** Whether a despacho's PDF belongs to a step of a public norm (then anyone may read it, as its page lists it). */
    async isPublicStepPdf(key: string): Promise<boolean> {
      const [row] = await db
        .select({ id: regulationActions.id })
        .from(regulationActions)
        .innerJoin(regulations, eq(regulations.id, regulationActions.regulationId))
        .where(and(eq(regulationActions.pdf, key), or(publicNorm(), publicProject())))
        .limit(1);
      return row !== undefined;
    },

    /** The public norms' page addresses and last changes, newest first, at most `limit` (the sitemap). */
    async publishedPages(limit: number, client: Db = db): Promise<{ type: PublicRegulationType; number: number; lastModified: Date }[]> {
      const rows = await client
        .select({ type: regulations.type, number: regulations.number, lastModified: regulations.updatedAt })
        .from(regulations)
        .where(and(publicNorm(), isNotNull(regulations.number)))
        .orderBy(desc(regulations.createdAt), desc(regulations.id))
        .limit(limit);
      return rows as { type: PublicRegulationType; number: number; lastModified: Date }[];
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

    /**
     * What the open-data downloads add to each public norm (datos.gob.ar's Normativa columns): its
     * path's later dates (its enactment is in the list's row already), its latest publication's edition
     * and page, and the public norms that change it and
     * that it changes, as [type, number] pairs. One statement for a batch of ids.
     */
    async openDataOf(ids: readonly number[], client: Db = db): Promise<Map<number, OpenDataRow>> {
      if (ids.length === 0) return new Map();
      const linked = (self: 'modifier_id' | 'modified_id', other: 'modifier_id' | 'modified_id') => sql`
        coalesce((select json_agg(json_build_array(o.type, o.number) order by o.type, o.number)
          from regulation_links l join regulations o on o.id = l.${sql.raw(other)}
          where l.${sql.raw(self)} = r.id and ${publicNormAs('o')} and o.number is not null), '[]'::json)`;
      const { rows } = await client.execute<OpenDataRow & { id: number }>(sql`
        select r.id, r.promulgated_on::text as "promulgatedOn", r.published_on::text as "publishedOn", r.in_force_from::text as "inForceFrom",
          p.details ->> 'edition' as edition, (p.details ->> 'page')::int as page,
          ${linked('modified_id', 'modifier_id')} as "modifiedBy", ${linked('modifier_id', 'modified_id')} as modifies
        from regulations r
        left join lateral (select a.details from regulation_actions a where a.regulation_id = r.id and a.kind = 'publicacion' order by a.date desc, a.id desc limit 1) p on true
        where r.id = any(${sql.param([...ids])}::int[])`);
      return new Map(rows.map(({ id, ...row }) => [id, row]));
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

    ...createRegulationSearch(db),
  };
  return repository;
}

export type RegulationRepository = ReturnType<typeof createRegulationRepository>;

/** How many times a transaction stopped to break a deadlock runs (repository.transaction). */
const DEADLOCK_ATTEMPTS = 3;

/** The SQLSTATE of a PostgreSQL error, whether Drizzle wrapped it or not. */
function sqlStateOf(error: unknown): unknown {
  return (error as { cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
}

/** Characters of a public norm's PDF text read for the start its page shows (cut at a word after). */
export const TEXT_START_READ = 800;



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
      select ${id}, item.ord - 1, item.value from unnest(${arrayParam(items)}::text[]) with ordinality as item(value, ord)
      on conflict (regulation_id, position) do update set ${value} = excluded.${value})
    delete from ${target} where regulation_id = ${id} and position >= ${items.length}`);
}

/** A list as one PostgreSQL array parameter (pg sends JS arrays as array literals). */
function arrayParam(items: readonly (string | number)[]): SQL {
  return sql`${sql.param([...items])}`;
}
