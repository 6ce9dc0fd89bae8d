import { sql } from 'drizzle-orm';
import { integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { ROLES } from '@concejo/contracts';

export const roleEnum = pgEnum('role', ROLES);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    lastName: text('last_name').notNull(),
    /** Stored lower-cased; the unique index on lower(email) keeps it unique regardless of case. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`)],
);

/** One bearer token per user and device; only its SHA-256 is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('auth_tokens_token_hash_key').on(table.tokenHash),
    uniqueIndex('auth_tokens_user_device_key').on(table.userId, table.deviceId),
    index('auth_tokens_expires_at_idx').on(table.expiresAt),
  ],
);

/** At most one live reset token per user: a new request replaces the previous one. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Counters of limited requests in fixed windows: the login's are keyed `account-address:<email> <address>`,
 * `ip:<address>` and `account:<email>` (see modules/auth/login-throttle.ts), the account e-mails' and the
 * subscriptions' others. `failures` counts the attempts reserved before their work (a success may give
 * its own back: repository.reserveAttempts). Kept in the database, not in memory, so that several API
 * instances share one limit.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  /** `account:` keys only: until when a client the account does not know must wait (the backoff). */
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/**
 * Where each account logged in from, or reset its password from: SHA-256 of `address:<ip>` and of
 * `device:<Device-Id>`, with the last success (kept 90 days). A known client is never slowed down by
 * failures made elsewhere.
 */
export const knownLoginClients = pgTable(
  'known_login_clients',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientHash: text('client_hash').notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.clientHash] })],
);
