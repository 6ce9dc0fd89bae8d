import { and, eq, gt, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { LegalForce, PublicRegulationType, RegulationActionKind, RegulationLinkKind, RegulationType, SubscriptionCounts, SubscriptionKind } from '@concejo/contracts';
import type { Database, Tx } from '../../db/client.js';
import { alertEvents, subscriptions } from '../../db/schema/index.js';

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
  reason: 'new' | 'linked' | 'day-order' | 'step';
  regulationId?: number;
  byRegulationId?: number;
  dayOrderId?: number;
  actionId?: number;
}

/**
 * What this module asks of the registry (modules/regulations, handed in by app.ts): it reads no
 * regulation table itself.
 */
export interface FollowedNorms {
  /** Whether this public norm exists. */
  isPublic(id: number): Promise<boolean>;
  /** The type, number and subject of each norm, by id; a deleted one absent. */
  named(ids: number[]): Promise<{ id: number; type: RegulationType; number: number | null; subject: string; expediente: string | null }[]>;
  /** The kind of each (modified, modifier) link, as it is now. */
  linkKinds(pairs: (readonly [number, number])[]): Promise<{ modifiedId: number; modifierId: number; kind: RegulationLinkKind }[]>;
  /** Which of these norms, public now, meet which of these searches (by index). */
  meetingSearches(ids: number[], filters: { searchQuery: string | null; type: PublicRegulationType | null; legalForce: LegalForce | null }[]): Promise<{ regulationId: number; filter: number }[]>;
  /** The links made from these norms. */
  linksFrom(modifierIds: number[]): Promise<{ modifiedId: number; modifierId: number }[]>;
  /** Of these steps, those that still exist on a norm public now, with their norm, kind and day. */
  publicSteps(actionIds: number[]): Promise<{ actionId: number; regulationId: number; kind: RegulationActionKind; date: string }[]>;
  /** Of these (modified, modifier) pairs, those still linked whose modifying norm is public now. */
  publicLinks(pairs: (readonly [number, number])[]): Promise<{ modifiedId: number; modifierId: number }[]>;
}

/** The query the public search makes of a search's words (handed in by app.ts); undefined when nothing searchable was typed. */
export type SearchQueryOf = (words: string) => SQL | undefined;

export function createSubscriptionRepository(db: Database, { norms, searchQuery }: { norms: FollowedNorms; searchQuery: SearchQueryOf }) {
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
      const query = followed.search ? (searchQuery(followed.search) ?? null) : null;
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
     * its search document, PDF text included: asked of the registry); followers of a norm a public norm
     * now modifies, repeals or regulates (its kind read now: a link undone meanwhile tells nothing);
     * followers of the agendas. A thing recorded twice is told once, as of its latest event.
     */
    async alertsFor(tx: Tx, eventIds: number[]): Promise<Alert[]> {
      const taken = sql`select * from ${alertEvents} where id = any(${sql.param(eventIds)}::bigint[])`;
      const alerts: Alert[] = [];
      const { rows: published } = await tx.execute<{ regulation_id: number; created_at: string }>(sql`
        select regulation_id, max(created_at)::text as created_at from (${taken}) e
        where kind = 'regulation-published' group by regulation_id`);
      // Distinct filters first: many subscribers share one, and each is matched once per norm.
      const { rows: filters } = await tx.execute<{ search: string | null; search_query: string | null; type: PublicRegulationType | null; legal_force: LegalForce | null }>(sql`
        select distinct search, search_query::text, type, legal_force from ${subscriptions}
        where kind = 'search' and confirmed_at is not null`);
      const matches = await norms.meetingSearches(
        published.map((row) => row.regulation_id),
        filters.map((filter) => ({ searchQuery: filter.search_query, type: filter.type, legalForce: filter.legal_force })),
      );
      if (matches.length) {
        const publishedAt = new Map(published.map((row) => [row.regulation_id, row.created_at]));
        const matched = matches.map(({ regulationId, filter }) => ({ ...filters[filter]!, regulationId, createdAt: publishedAt.get(regulationId)! }));
        const found = await tx.execute<{ subscription_id: number; email_digest: string; regulation_id: number }>(sql`
          with matches as (
            select * from unnest(${sql.param(matched.map((m) => m.search))}::text[], ${sql.param(matched.map((m) => m.type))}::regulation_type[],
              ${sql.param(matched.map((m) => m.legal_force))}::legal_force[], ${sql.param(matched.map((m) => m.regulationId))}::int[],
              ${sql.param(matched.map((m) => m.createdAt))}::timestamptz[]) as m(search, type, legal_force, regulation_id, created_at))
          select s.id as subscription_id, s.email_digest, m.regulation_id
          from matches m join ${subscriptions} s
            on s.kind = 'search' and s.confirmed_at < m.created_at
            and s.search is not distinct from m.search and s.type is not distinct from m.type and s.legal_force is not distinct from m.legal_force`);
        for (const row of found.rows) alerts.push({ subscriptionId: row.subscription_id, emailDigest: row.email_digest, reason: 'new', regulationId: row.regulation_id });
      }
      // Links made from a public norm, and those of a norm made public (as of its publication).
      const { rows: linkedEvents } = await tx.execute<{ modified_id: number; modifier_id: number; created_at: string }>(sql`
        select regulation_id as modified_id, by_regulation_id as modifier_id, created_at::text from (${taken}) e where kind = 'regulation-linked'`);
      const pairs = linkedEvents.map((row) => ({ modifiedId: row.modified_id, modifierId: row.modifier_id, createdAt: row.created_at }));
      const publishedLinks = await norms.linksFrom(published.map((row) => row.regulation_id));
      const publishedAt = new Map(published.map((row) => [row.regulation_id, row.created_at]));
      for (const link of publishedLinks) pairs.push({ ...link, createdAt: publishedAt.get(link.modifierId)! });
      const standing = await norms.publicLinks(pairs.map((pair) => [pair.modifiedId, pair.modifierId] as const));
      if (standing.length) {
        const still = new Set(standing.map((link) => `${link.modifiedId} ${link.modifierId}`));
        const kept = pairs.filter((pair) => still.has(`${pair.modifiedId} ${pair.modifierId}`));
        const linked = await tx.execute<{ subscription_id: number; email_digest: string; regulation_id: number; by_regulation_id: number }>(sql`
          with pairs as (
            select * from unnest(${sql.param(kept.map((p) => p.modifiedId))}::int[], ${sql.param(kept.map((p) => p.modifierId))}::int[],
              ${sql.param(kept.map((p) => p.createdAt))}::timestamptz[]) as p(modified_id, modifier_id, created_at)),
          latest as (select modified_id, modifier_id, max(created_at) as created_at from pairs group by modified_id, modifier_id)
          select s.id as subscription_id, s.email_digest, p.modified_id as regulation_id, p.modifier_id as by_regulation_id
          from latest p
          join ${subscriptions} s on s.kind = 'regulation' and s.regulation_id = p.modified_id and s.confirmed_at < p.created_at`);
        for (const row of linked.rows) {
          alerts.push({ subscriptionId: row.subscription_id, emailDigest: row.email_digest, reason: 'linked', regulationId: row.regulation_id, byRegulationId: row.by_regulation_id });
        }
      }
      // New steps of public norms: their followers, and the searches the norm meets (as of the step).
      const { rows: stepEvents } = await tx.execute<{ action_id: number; created_at: string }>(sql`
        select action_id, created_at::text from (${taken}) e where kind = 'regulation-step' and action_id is not null`);
      const steps = await norms.publicSteps(stepEvents.map((row) => row.action_id));
      if (steps.length) {
        const stepAt = new Map(stepEvents.map((row) => [row.action_id, row.created_at]));
        const stepMatches = await norms.meetingSearches(
          [...new Set(steps.map((step) => step.regulationId))],
          filters.map((filter) => ({ searchQuery: filter.search_query, type: filter.type, legalForce: filter.legal_force })),
        );
        // Each step with each search its norm meets.
        const searched = steps.flatMap((step) => stepMatches.filter((match) => match.regulationId === step.regulationId).map((match) => ({ actionId: step.actionId, ...filters[match.filter]! })));
        const told = await tx.execute<{ subscription_id: number; email_digest: string; action_id: number; regulation_id: number }>(sql`
          with steps as (
            select * from unnest(${sql.param(steps.map((step) => step.actionId))}::int[], ${sql.param(steps.map((step) => step.regulationId))}::int[],
              ${sql.param(steps.map((step) => stepAt.get(step.actionId)!))}::timestamptz[]) as st(action_id, regulation_id, created_at)),
          searched as (
            select * from unnest(${sql.param(searched.map((m) => m.actionId))}::int[], ${sql.param(searched.map((m) => m.search))}::text[],
              ${sql.param(searched.map((m) => m.type))}::regulation_type[], ${sql.param(searched.map((m) => m.legal_force))}::legal_force[])
              as m(action_id, search, type, legal_force))
          select s.id as subscription_id, s.email_digest, st.action_id, st.regulation_id
          from steps st join ${subscriptions} s on s.kind = 'regulation' and s.regulation_id = st.regulation_id and s.confirmed_at < st.created_at
          union
          select s.id, s.email_digest, st.action_id, st.regulation_id
          from steps st join searched m on m.action_id = st.action_id
          join ${subscriptions} s on s.kind = 'search' and s.confirmed_at < st.created_at
            and s.search is not distinct from m.search and s.type is not distinct from m.type and s.legal_force is not distinct from m.legal_force
          order by 1, 3`);
        for (const row of told.rows) alerts.push({ subscriptionId: row.subscription_id, emailDigest: row.email_digest, reason: 'step', regulationId: row.regulation_id, actionId: row.action_id });
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
