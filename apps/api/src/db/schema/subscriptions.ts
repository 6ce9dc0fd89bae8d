import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, integer, pgEnum, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { SUBSCRIPTION_KINDS } from '@concejo/contracts';
import { dayOrders } from './day-orders.js';
import { legalForceEnum, regulationActions, regulationTypeEnum, regulations } from './regulations.js';

/** A text search query, written by to_tsquery when the subscription is made, read back exactly. */
const tsquery = customType<{ data: string }>({ dataType: () => 'tsquery' });

export const subscriptionKindEnum = pgEnum('subscription_kind', SUBSCRIPTION_KINDS);

/**
 * A citizen's e-mail alert (issue 16): new norms like a search of /normativas (`search`, its words as
 * the search reads them, `type`, `legal_force`), changes to one norm (`regulation`), or every new
 * session agenda (`day-orders`). Nothing is sent but the confirmation until `confirmed_at` is set; an
 * unconfirmed one is deleted after 48 hours. Staff see counts only.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Trimmed and lower-cased. */
    email: text('email').notNull(),
    /** sha256 of the address: what the "drop every subscription of this address" link names. */
    emailDigest: text('email_digest').notNull(),
    kind: subscriptionKindEnum('kind').notNull(),
    /** The words as typed (shown in the e-mails), and the query the search makes of them. */
    search: text('search'),
    searchQuery: tsquery('search_query'),
    type: regulationTypeEnum('type'),
    legalForce: legalForceEnum('legal_force'),
    regulationId: integer('regulation_id').references(() => regulations.id, { onDelete: 'cascade' }),
    /**
     * sha256 of the latest confirmation link's token; kept once confirmed, so that the link opened again
     * (a double click, a mail scanner) still lands on the confirmed page.
     */
    confirmTokenHash: text('confirm_token_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (table) => [
    // One subscription per address and thing followed: subscribing again changes nothing.
    unique('subscriptions_followed_key').on(table.emailDigest, table.kind, table.search, table.type, table.legalForce, table.regulationId).nullsNotDistinct(),
    uniqueIndex('subscriptions_confirm_token_key').on(table.confirmTokenHash),
    index('subscriptions_confirmed_kind_idx').on(table.kind).where(sql`${table.confirmedAt} is not null`),
    index('subscriptions_regulation_idx').on(table.regulationId),
    index('subscriptions_unconfirmed_idx').on(table.createdAt).where(sql`${table.confirmedAt} is null`),
    check('subscriptions_regulation_kind', sql`(${table.kind} = 'regulation') = (${table.regulationId} is not null)`),
    check('subscriptions_search_kind', sql`${table.kind} = 'search' or (${table.search} is null and ${table.type} is null and ${table.legalForce} is null)`),
  ],
);

export const alertEventKindEnum = pgEnum('alert_event_kind', ['regulation-published', 'regulation-linked', 'day-order-published', 'regulation-step']);

/**
 * What the next digest tells subscribers of, written in the transaction of the change itself (so a
 * crash after the change and before the digest loses nothing): a norm that became public, a link
 * made from a public norm to another (`by_regulation_id` modifies, repeals or regulates
 * `regulation_id`), a new agenda, a new step of a public norm's trámite (`action_id`; deleting the step
 * deletes what it would tell). The digest reads and deletes them.
 */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: alertEventKindEnum('kind').notNull(),
    regulationId: integer('regulation_id').references(() => regulations.id, { onDelete: 'cascade' }),
    byRegulationId: integer('by_regulation_id').references(() => regulations.id, { onDelete: 'cascade' }),
    dayOrderId: integer('day_order_id').references(() => dayOrders.id, { onDelete: 'cascade' }),
    actionId: integer('action_id').references(() => regulationActions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'alert_events_subject',
      sql`case ${table.kind} when 'day-order-published' then ${table.dayOrderId} is not null when 'regulation-linked' then ${table.regulationId} is not null and ${table.byRegulationId} is not null else ${table.regulationId} is not null end`,
    ),
  ],
);
