import { and, asc, count, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AgendaSection, AuthorType, RegulationState, RegulationType, SessionType } from '@concejo/contracts';
import type { Database, Tx } from '../../db/client.js';
import { writePublic } from '../../lib/public-changes.js';
import { recordAlertEvents } from '../../lib/alert-outbox.js';
import { dayOrderItems, dayOrders } from '../../db/schema/index.js';

export type DayOrderRow = typeof dayOrders.$inferSelect;

export interface NewDayOrder {
  sessionType: SessionType;
  sessionDate: Date;
  previousMinutes: string;
  pdfKey: string;
  docxKey: string;
  createdBy: number;
  createdAt: Date;
}

/** A selected regulation that an agenda already lists, with that agenda's session. */
export interface TakenItem {
  regulationId: number;
  sessionDate: Date;
}

export interface NewItem {
  section: AgendaSection;
  orderInSection: number;
  regulationId: number | null;
  customText: string | null;
}

/**
 * Sessions held on calendar days in the council's time zone, both inclusive (DESIGN.md section 5): what a
 * citizen means by "the agendas of December" is December's sessions, whenever their agendas were made.
 */
function sessionBetweenDays(range: { from?: string; to?: string }, timeZone: string): (SQL | undefined)[] {
  return [
    range.from ? sql`${dayOrders.sessionDate} >= (${range.from}::date)::timestamp at time zone ${timeZone}` : undefined,
    range.to ? sql`${dayOrders.sessionDate} < ((${range.to}::date + 1)::timestamp at time zone ${timeZone})` : undefined,
  ];
}

/** What an agenda shows of a norm. */
export interface AgendaNorm {
  id: number;
  type: RegulationType;
  cargo: number;
  subject: string;
  number: number | null;
  state: RegulationState;
  isOld: boolean;
  authorType: AuthorType | null;
  createdAt: Date;
  pdfApproved: string | null;
  pdfProcess: string | null;
}

/**
 * What the agenda builder reads of the registry: modules/regulations' agenda reads, handed in by app.ts
 * (the registry's tables are its own).
 */
export interface AgendaNorms {
  /** Norms in process created inside the range, both ends included, that `listed` does not find, oldest first (at most 2,000). */
  pending(start: Date, end: Date, listed: (regulationId: AnyPgColumn) => SQLWrapper): Promise<AgendaNorm[]>;
  byIds(ids: readonly number[]): Promise<AgendaNorm[]>;
  /** Each norm's authors, in their order. */
  authorsOf(ids: readonly number[]): Promise<Map<number, string[]>>;
  /** Locks these norms' rows until `tx` ends. */
  lock(tx: Tx, ids: readonly number[]): Promise<void>;
  /** Records in `tx` that the agenda lists these norms: the `orden_del_dia` step of each one's trámite. */
  listedInAgenda(tx: Tx, agenda: { id: number; day: string; userId: number; at: Date }, ids: readonly number[]): Promise<void>;
  /** Before the agenda is deleted in `tx` (its steps go with it): the norms it listed change. */
  agendaDeleting(tx: Tx, dayOrderId: number): Promise<void>;
}

/**
 * `column = any($1)`: the ids as one array parameter. drizzle's inArray makes a parameter of each, value
 * by value on the event loop: an agenda of 900 regulations reads and locks them in four such queries.
 */
const anyOf = (column: AnyPgColumn, ids: readonly number[]) => sql`${column} = any(${sql.param(ids)}::int[])`;

/**
 * An agenda's items in one statement of one array per column. drizzle builds a multi-row INSERT value
 * by value on the event loop: the largest agenda's 2,100 items (10,500 values) held it for 80 to 400
 * ms on the shared 2-core machine (about 50 ms idle); four arrays cost nothing to build.
 */
function insertItems(tx: Tx, dayOrderId: number, items: readonly NewItem[]) {
  const column = <K extends keyof NewItem>(key: K) => sql.param(items.map((item) => item[key]));
  return tx.execute(sql`
    insert into ${dayOrderItems} (day_order_id, section, order_in_section, regulation_id, custom_text)
    select ${dayOrderId}::int, item.section, item.order_in_section, item.regulation_id, item.custom_text
    from unnest(${column('section')}::agenda_section[], ${column('orderInSection')}::int[], ${column('regulationId')}::int[], ${column('customText')}::text[])
      as item(section, order_in_section, regulation_id, custom_text)`);
}

export function createDayOrderRepository(db: Database, norms: AgendaNorms) {
  const repository = {
    /**
     * What is pending for the next agenda: regulations in process created inside the range (both ends
     * included) that no agenda lists yet, oldest first.
     */
    async pendingRegulations(start: Date, end: Date): Promise<AgendaNorm[]> {
      // A subquery on the agenda's items: the list stays one query.
      return norms.pending(start, end, (regulationId) => db.select({ one: sql`1` }).from(dayOrderItems).where(eq(dayOrderItems.regulationId, regulationId)));
    },

    regulationsByIds: (ids: readonly number[]) => norms.byIds(ids),

    authorsOf: (ids: readonly number[]) => norms.authorsOf(ids),

    /**
     * The agenda and its items, in one transaction; nothing is written when a selected regulation is on an
     * agenda already (answered as `taken`). Its rows are locked first, so that two agendas saved at once
     * cannot both take it: the second waits, then sees the first one's items.
     */
    /** Stores the agenda and its items, and each listed norm's step, its session held on `day` (YYYY-MM-DD, the council's). */
    async insert(order: NewDayOrder, items: readonly NewItem[], day: string): Promise<{ id: number } | { taken: TakenItem[] }> {
      return writePublic(db, 'day-orders', async (tx) => {
        const regulationIds = items.flatMap((item) => (item.regulationId === null ? [] : [item.regulationId]));
        if (regulationIds.length) {
          await norms.lock(tx, regulationIds);
          const taken = await tx
            .selectDistinctOn([dayOrderItems.regulationId], { regulationId: sql<number>`${dayOrderItems.regulationId}`, sessionDate: dayOrders.sessionDate })
            .from(dayOrderItems)
            .innerJoin(dayOrders, eq(dayOrders.id, dayOrderItems.dayOrderId))
            .where(anyOf(dayOrderItems.regulationId, regulationIds))
            .orderBy(asc(dayOrderItems.regulationId), desc(dayOrders.sessionDate));
          if (taken.length) return { taken };
        }
        const [row] = await tx.insert(dayOrders).values(order).returning({ id: dayOrders.id });
        const id = row!.id;
        if (items.length) await insertItems(tx, id, items);
        await norms.listedInAgenda(tx, { id, day, userId: order.createdBy, at: order.createdAt }, regulationIds);
        // Followers of the agendas hear of it in the next digest (modules/subscriptions).
        await recordAlertEvents(tx, [{ kind: 'day-order-published', dayOrderId: id }]);
        return { id };
      });
    },

    async find(id: number): Promise<DayOrderRow | undefined> {
      const [row] = await db.select().from(dayOrders).where(eq(dayOrders.id, id));
      return row;
    },

    /** The agenda's items in section order (the enum's order is the agenda's), with their regulations. */
    async itemsOf(id: number): Promise<{ id: number; section: AgendaSection; orderInSection: number; customText: string | null; regulation: AgendaNorm | null }[]> {
      const items = await db
        .select({ id: dayOrderItems.id, section: dayOrderItems.section, orderInSection: dayOrderItems.orderInSection, customText: dayOrderItems.customText, regulationId: dayOrderItems.regulationId })
        .from(dayOrderItems)
        .where(eq(dayOrderItems.dayOrderId, id))
        .orderBy(asc(dayOrderItems.section), asc(dayOrderItems.orderInSection), asc(dayOrderItems.id));
      const ids = [...new Set(items.flatMap((item) => (item.regulationId === null ? [] : [item.regulationId])))];
      const found = new Map((await norms.byIds(ids)).map((norm) => [norm.id, norm]));
      return items.map(({ regulationId, ...item }) => ({ ...item, regulation: (regulationId !== null && found.get(regulationId)) || null }));
    },

    /** Deletes the agenda (its items go with it); answers its files' keys, or undefined when it did not exist. */
    async delete(id: number): Promise<{ pdfKey: string | null; docxKey: string | null } | undefined> {
      return writePublic(db, 'day-orders', async (tx) => {
        await norms.agendaDeleting(tx, id);
        const [row] = await tx.delete(dayOrders).where(eq(dayOrders.id, id)).returning({ pdfKey: dayOrders.pdfKey, docxKey: dayOrders.docxKey });
        return row;
      });
    },

    /** These agendas (those that still exist), for the alerts: what names a session and its PDF. */
    async sessionsOf(ids: readonly number[]) {
      if (!ids.length) return [];
      return db
        .select({ id: dayOrders.id, sessionType: dayOrders.sessionType, sessionDate: dayOrders.sessionDate, pdfKey: dayOrders.pdfKey })
        .from(dayOrders)
        .where(inArray(dayOrders.id, [...new Set(ids)]));
    },

    /** The newest agendas, for the feeds: what names a session and its PDF. */
    async latest(limit: number) {
      return db
        .select({ id: dayOrders.id, sessionType: dayOrders.sessionType, sessionDate: dayOrders.sessionDate, createdAt: dayOrders.createdAt, pdfKey: dayOrders.pdfKey })
        .from(dayOrders)
        .orderBy(desc(dayOrders.createdAt), desc(dayOrders.id))
        .limit(limit);
    },

    /** One page of agendas, latest session first, optionally limited to the days of their sessions. */
    async page(options: { page: number; perPage: number; from?: string; to?: string; timeZone: string; withTotals: boolean }) {
      const where = and(...sessionBetweenDays(options, options.timeZone));
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(dayOrders).where(where);
      const rows = await db
        .select({
          id: dayOrders.id,
          createdAt: dayOrders.createdAt,
          sessionDate: dayOrders.sessionDate,
          sessionType: dayOrders.sessionType,
          pdfKey: dayOrders.pdfKey,
          items: options.withTotals
            ? // Spelled out: drizzle leaves column names unqualified inside a sql fragment.
              sql<number>`(select count(*)::int from day_order_items i where i.day_order_id = "day_orders"."id")`
            : sql<number>`0`,
        })
        .from(dayOrders)
        .where(where)
        .orderBy(desc(dayOrders.sessionDate), desc(dayOrders.id))
        .limit(options.perPage)
        .offset((options.page - 1) * options.perPage);
      return { rows, total };
    },
  };
  return repository;
}

export type DayOrderRepository = ReturnType<typeof createDayOrderRepository>;
