import { and, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { type LegalForce, type PublicRegulationType, type SubscriptionCounts, type SubscriptionKind } from '@concejo/contracts';
import type { Database } from '../../db/client.js';
import { alertEvents, regulationLinks, regulations, subscriptions } from '../../db/schema/index.js';
import type { Tx } from '../regulations/repository.js';
import { publicNorm, publicNormAs } from '../regulations/public-norm.js';
import { textQuery } from '../regulations/search-repository.js';

/** What a subscription follows, as stored. */
export interface Followed {
  kind: SubscriptionKind;
  search: string | null;
  type: PublicRegulationType | null;
  legalForce: LegalForce | null;
  regulationId: number | null;
}

export interface SubscriptionRow extends Followed {
  id: number;
  email: string;
  emailDigest: string;
  createdAt: Date;
  confirmedAt: Date | null;
}

/** One thing a digest tells: a public norm (new, or changed by another) or a new agenda, for one subscription. */
export interface Alert {
  subscriptionId: number;
  emailDigest: string;
  reason: 'new' | 'linked' | 'day-order';
  regulationId?: number;
  byRegulationId?: number;
  dayOrderId?: number;
}

export type AlertEvent = typeof alertEvents.$inferInsert;

/** Writes what the next digest tells, inside the transaction of the change (a crash after it loses nothing). */
export async function recordAlertEvents(tx: Pick<Tx, 'insert'>, events: AlertEvent[]): Promise<void> {
  if (events.length) await tx.insert(alertEvents).values(events);
}

export function createSubscriptionRepository(db: Database) {
  const columns = {
    id: subscriptions.id,
    email: subscriptions.email,
    emailDigest: subscriptions.emailDigest,
    kind: subscriptions.kind,
    search: subscriptions.search,
    type: subscriptions.type,
    legalForce: subscriptions.legalForce,
    regulationId: subscriptions.regulationId,
    createdAt: subscriptions.createdAt,
    confirmedAt: subscriptions.confirmedAt,
  };

  return {
    /**
     * The subscription of this address to this thing: made now, or the one made before (subscribing
     * twice changes nothing). A search's words are turned into the query the public search makes of
     * them, once, here.
     */
    async findOrCreate(email: string, emailDigest: string, followed: Followed, now: Date): Promise<SubscriptionRow> {
      const query = followed.search ? (textQuery(followed.search) ?? null) : null;
      await db.execute(sql`
        insert into ${subscriptions} (email, email_digest, kind, search, search_query, type, legal_force, regulation_id, created_at)
        values (${email}, ${emailDigest}, ${followed.kind}, ${followed.search}, ${query}, ${followed.type}, ${followed.legalForce}, ${followed.regulationId}, ${now})
        on conflict on constraint subscriptions_followed_key do nothing`);
      const [row] = await db
        .select(columns)
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.emailDigest, emailDigest),
            eq(subscriptions.kind, followed.kind),
            sql`${subscriptions.search} is not distinct from ${followed.search}::text`,
            sql`${subscriptions.type} is not distinct from ${followed.type}::regulation_type`,
            sql`${subscriptions.legalForce} is not distinct from ${followed.legalForce}::legal_force`,
            sql`${subscriptions.regulationId} is not distinct from ${followed.regulationId}::int`,
          ),
        );
      return row as SubscriptionRow;
    },

    async find(id: number): Promise<SubscriptionRow | undefined> {
      const [row] = await db.select(columns).from(subscriptions).where(eq(subscriptions.id, id));
      return row as SubscriptionRow | undefined;
    },

    /** The confirmed subscriptions of an address, by its digest. */
    async confirmedOf(emailDigest: string): Promise<SubscriptionRow[]> {
      const rows = await db
        .select(columns)
        .from(subscriptions)
        .where(and(eq(subscriptions.emailDigest, emailDigest), isNotNull(subscriptions.confirmedAt)))
        .orderBy(subscriptions.id);
      return rows as SubscriptionRow[];
    },

    /** Whether this public norm exists: a subscription to a norm needs one. */
    async publicRegulationExists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: regulations.id }).from(regulations).where(and(eq(regulations.id, id), publicNorm()));
      return row !== undefined;
    },

    /** A new confirmation link for a subscription still waiting for one (the previous link stops working). */
    async setConfirmToken(id: number, tokenHash: string): Promise<boolean> {
      const rows = await db
        .update(subscriptions)
        .set({ confirmTokenHash: tokenHash })
        .where(and(eq(subscriptions.id, id), isNull(subscriptions.confirmedAt)))
        .returning({ id: subscriptions.id });
      return rows.length > 0;
    },

    /**
     * Confirms the subscription of this link if it still waits for it and was made after `since`. A
     * link keeps its hash once confirmed, so that a second opening (a double click, a mail scanner's
     * prefetch) finds its subscription again (`already`); undefined for a link unknown, replaced by a
     * newer one or expired.
     */
    async confirm(tokenHash: string, since: Date): Promise<{ id: number; already: boolean } | undefined> {
      const [confirmed] = await db
        .update(subscriptions)
        // The database's time, as alert_events.created_at: the digest tells only what was recorded after it.
        .set({ confirmedAt: sql`now()` })
        .where(and(eq(subscriptions.confirmTokenHash, tokenHash), isNull(subscriptions.confirmedAt), gt(subscriptions.createdAt, since)))
        .returning({ id: subscriptions.id });
      if (confirmed) return { id: confirmed.id, already: false };
      const [done] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.confirmTokenHash, tokenHash), isNotNull(subscriptions.confirmedAt)));
      return done && { id: done.id, already: true };
    },

    /** Whether the subscription, or any subscription of the address, is still there. */
    async exists(which: { id: number } | { emailDigest: string }): Promise<boolean> {
      const where = 'id' in which ? eq(subscriptions.id, which.id) : eq(subscriptions.emailDigest, which.emailDigest);
      const [row] = await db.select({ id: subscriptions.id }).from(subscriptions).where(where).limit(1);
      return row !== undefined;
    },

    async deleteOne(id: number): Promise<boolean> {
      return (await db.delete(subscriptions).where(eq(subscriptions.id, id)).returning({ id: subscriptions.id })).length > 0;
    },

    async deleteAddress(emailDigest: string): Promise<number> {
      return (await db.delete(subscriptions).where(eq(subscriptions.emailDigest, emailDigest)).returning({ id: subscriptions.id })).length;
    },

    /** Unconfirmed subscriptions made before `before` are deleted; how many. */
    async sweepUnconfirmed(before: Date): Promise<number> {
      const rows = await db
        .delete(subscriptions)
        .where(and(isNull(subscriptions.confirmedAt), lt(subscriptions.createdAt, before)))
        .returning({ id: subscriptions.id });
      return rows.length;
    },

    async counts(): Promise<SubscriptionCounts> {
      const rows = await db
        .select({ kind: subscriptions.kind, confirmed: sql<boolean>`${subscriptions.confirmedAt} is not null`, total: sql<number>`count(*)::int` })
        .from(subscriptions)
        .groupBy(subscriptions.kind, sql`${subscriptions.confirmedAt} is not null`);
      const counts: SubscriptionCounts = { confirmed: { search: 0, regulation: 0, 'day-orders': 0 }, unconfirmed: 0 };
      for (const row of rows) {
        if (row.confirmed) counts.confirmed[row.kind] += row.total;
        else counts.unconfirmed += row.total;
      }
      return counts;
    },

    /**
     * The next time the council's wall clock shows `hour`:00, today's or tomorrow's, by the database's
     * clock: the one the job queue runs jobs by.
     */
    async nextDigestAt(hour: number, timeZone: string): Promise<Date> {
      const { rows } = await db.execute<{ at: Date }>(sql`
        with today as (select date_trunc('day', now() at time zone ${timeZone}) as day)
        select case when (day + make_interval(hours => ${hour}::int)) at time zone ${timeZone} > now()
          then (day + make_interval(hours => ${hour}::int)) at time zone ${timeZone}
          else (day + interval '1 day' + make_interval(hours => ${hour}::int)) at time zone ${timeZone} end as at
        from today`);
      return new Date(rows[0]!.at);
    },

    /** The oldest events waiting for a digest, at most `limit`, locked for this transaction. */
    async takeEvents(tx: Tx, limit: number) {
      return tx.select().from(alertEvents).orderBy(alertEvents.id).limit(limit).for('update', { skipLocked: true });
    },

    async deleteEvents(tx: Tx, ids: number[]): Promise<void> {
      if (ids.length) await tx.delete(alertEvents).where(inArray(alertEvents.id, ids));
    },

    /**
     * The confirmed subscriptions these events concern, one row per subscription and thing told, each
     * only for an event recorded after the subscription was confirmed (both times the database's, read
     * and compared in SQL): searches whose filters the new public norm meets (the search's own query on
     * its search document, PDF text included); followers of a norm a public norm now modifies, repeals
     * or regulates (its kind read now: a link undone meanwhile tells nothing); followers of the agendas.
     * A thing recorded twice is told once, as of its latest event.
     */
    async alertsFor(tx: Tx, eventIds: number[]): Promise<Alert[]> {
      const taken = sql`select * from ${alertEvents} where id = any(${sql.param(eventIds)}::bigint[])`;
      const alerts: Alert[] = [];
      // Distinct filters first: many subscribers share one, and each is matched once per norm.
      const found = await tx.execute<{ subscription_id: number; email_digest: string; regulation_id: number }>(sql`
        with published as (
          select regulation_id, max(created_at) as created_at from (${taken}) e
          where kind = 'regulation-published' group by regulation_id),
        filters as (
          select distinct search, search_query, type, legal_force from ${subscriptions}
          where kind = 'search' and confirmed_at is not null),
        matches as (
          select f.search, f.type, f.legal_force, r.id as regulation_id, p.created_at
          from published p join ${regulations} r on r.id = p.regulation_id cross join filters f
          where ${publicNormAs('r')}
            and (f.type is null or f.type = r.type)
            and (f.legal_force is null or f.legal_force = r.legal_force)
            and (f.search_query is null or r.search_document @@ f.search_query))
        select s.id as subscription_id, s.email_digest, m.regulation_id
        from matches m join ${subscriptions} s
          on s.kind = 'search' and s.confirmed_at < m.created_at
          and s.search is not distinct from m.search and s.type is not distinct from m.type and s.legal_force is not distinct from m.legal_force`);
      for (const row of found.rows) alerts.push({ subscriptionId: row.subscription_id, emailDigest: row.email_digest, reason: 'new', regulationId: row.regulation_id });
      // Links made from a public norm, and those of a norm made public (as of its publication).
      const linked = await tx.execute<{ subscription_id: number; email_digest: string; regulation_id: number; by_regulation_id: number }>(sql`
        with pairs as (
          select regulation_id as modified_id, by_regulation_id as modifier_id, created_at from (${taken}) e where kind = 'regulation-linked'
          union all
          select l.modified_id, l.modifier_id, e.created_at from (${taken}) e join ${regulationLinks} l on l.modifier_id = e.regulation_id
          where e.kind = 'regulation-published'),
        latest as (select modified_id, modifier_id, max(created_at) as created_at from pairs group by modified_id, modifier_id)
        select s.id as subscription_id, s.email_digest, l.modified_id as regulation_id, l.modifier_id as by_regulation_id
        from latest p
        join ${regulationLinks} l on l.modified_id = p.modified_id and l.modifier_id = p.modifier_id
        join ${regulations} r on r.id = l.modifier_id and ${publicNormAs('r')}
        join ${subscriptions} s on s.kind = 'regulation' and s.regulation_id = l.modified_id and s.confirmed_at < p.created_at`);
      for (const row of linked.rows) {
        alerts.push({ subscriptionId: row.subscription_id, emailDigest: row.email_digest, reason: 'linked', regulationId: row.regulation_id, byRegulationId: row.by_regulation_id });
      }
      const agendas = await tx.execute<{ subscription_id: number; email_digest: string; day_order_id: number }>(sql`
        with published as (
          select day_order_id, max(created_at) as created_at from (${taken}) e
          where kind = 'day-order-published' group by day_order_id)
        select s.id as subscription_id, s.email_digest, p.day_order_id
        from published p join ${subscriptions} s on s.kind = 'day-orders' and s.confirmed_at < p.created_at
        order by s.id, p.day_order_id`);
      for (const row of agendas.rows) alerts.push({ subscriptionId: row.subscription_id, emailDigest: row.email_digest, reason: 'day-order', dayOrderId: row.day_order_id });
      return alerts;
    },
  };
}

export type SubscriptionRepository = ReturnType<typeof createSubscriptionRepository>;
