import { and, asc, eq, gte, lte, notExists, sql, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/client.js';
import { REGULATION_ACTION_LABELS } from '@concejo/contracts';
import { regulationActions, regulationAuthors, regulationModifications, regulations } from '../../db/schema/index.js';
import { announcePublicChange } from '../../lib/public-changes.js';

/** What an agenda shows of a norm. */
const AGENDA_COLUMNS = {
  id: regulations.id,
  type: regulations.type,
  cargo: regulations.cargo,
  subject: regulations.subject,
  number: regulations.number,
  state: regulations.state,
  isOld: regulations.isOld,
  authorType: regulations.authorType,
  createdAt: regulations.createdAt,
  pdfApproved: regulations.pdfApproved,
  pdfProcess: regulations.pdfProcess,
};

/**
 * `column = any($1)`: the ids as one array parameter. drizzle's inArray makes a parameter of each, value
 * by value on the event loop: an agenda of 900 regulations reads and locks them in four such queries.
 */
const anyOf = (column: AnyPgColumn, ids: readonly number[]) => sql`${column} = any(${sql.param(ids)}::int[])`;

/**
 * The registry's reads the agenda builder needs (modules/day-orders asks them through app.ts, and reads
 * none of these tables itself).
 */
export function createRegulationAgendaReads(db: Database) {
  return {
    /**
     * Regulations in process created inside the range (both ends included) that `listed` does not
     * find, oldest first. `listed` is the caller's subquery on a norm's id (an agenda lists it), so the
     * list stays one query.
     */
    async pending(start: Date, end: Date, listed: (regulationId: AnyPgColumn) => SQLWrapper) {
      return db
        .select(AGENDA_COLUMNS)
        .from(regulations)
        .where(and(eq(regulations.state, 'process'), gte(regulations.createdAt, start), lte(regulations.createdAt, end), notExists(listed(regulations.id))))
        .orderBy(asc(regulations.createdAt), asc(regulations.id))
        .limit(2000);
    },

    async byIds(ids: readonly number[]) {
      if (!ids.length) return [];
      return db.select(AGENDA_COLUMNS).from(regulations).where(anyOf(regulations.id, ids));
    },

    /** Each norm's authors, in their order; a norm without authors absent. */
    async authorsOf(ids: readonly number[]): Promise<Map<number, string[]>> {
      const map = new Map<number, string[]>();
      if (!ids.length) return map;
      const rows = await db
        .select({ id: regulationAuthors.regulationId, name: regulationAuthors.name })
        .from(regulationAuthors)
        .where(anyOf(regulationAuthors.regulationId, [...new Set(ids)]))
        .orderBy(asc(regulationAuthors.regulationId), asc(regulationAuthors.position));
      for (const row of rows) {
        const names = map.get(row.id);
        if (names) names.push(row.name);
        else map.set(row.id, [row.name]);
      }
      return map;
    },

    /**
     * The `orden_del_dia` step of each norm an agenda lists (DESIGN.md 9.2), dated its session's day, with
     * its line in each norm's history, in the agenda's transaction. Set-based statements: the largest
     * agenda lists about 900 norms, and a row-by-row INSERT would hold the event loop (see day-orders'
     * insertItems).
     */
    async listedInAgenda(tx: Tx, agenda: { id: number; day: string; userId: number; at: Date }, ids: readonly number[]): Promise<void> {
      if (!ids.length) return;
      const listed = sql.param([...new Set(ids)]);
      await tx.execute(sql`
        insert into ${regulationActions} (regulation_id, kind, date, day_order_id, automatic, created_by)
        select id, 'orden_del_dia', ${agenda.day}::date, ${agenda.id}::int, true, ${agenda.userId}::int from unnest(${listed}::int[]) as id`);
      await tx.execute(sql`
        insert into ${regulationModifications} (regulation_id, user_id, created_at, name_cell, old_cell, new_cell)
        select id, ${agenda.userId}::int, ${agenda.at.toISOString()}::timestamptz, ${`Trámite: ${REGULATION_ACTION_LABELS.orden_del_dia}`}, null, ${agenda.day} from unnest(${listed}::int[]) as id`);
      await tx.execute(sql`update ${regulations} set updated_at = now() where id = any(${listed}::int[])`);
      await announcePublicChange(tx, 'regulations');
    },

    /**
     * Before an agenda is deleted in `tx`: the norms it listed change (their `orden_del_dia` steps go
     * with the agenda, by the foreign key's cascade), so their pages and the public caches move.
     */
    async agendaDeleting(tx: Tx, dayOrderId: number): Promise<void> {
      const { rowCount } = await tx.execute(sql`
        update ${regulations} set updated_at = now()
        where id in (select regulation_id from ${regulationActions} where day_order_id = ${dayOrderId}::int)`);
      if (rowCount) await announcePublicChange(tx, 'regulations');
    },

    /** Locks these norms' rows (in id order) until `tx` ends: two agendas saved at once cannot both take one. */
    async lock(tx: Tx, ids: readonly number[]): Promise<void> {
      if (!ids.length) return;
      await tx.select({ id: regulations.id }).from(regulations).where(anyOf(regulations.id, ids)).orderBy(asc(regulations.id)).for('update');
    },
  };
}

export type RegulationAgendaReads = ReturnType<typeof createRegulationAgendaReads>;
