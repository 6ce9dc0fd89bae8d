import { and, eq, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { LimitedKey } from '../../lib/request-limit.js';
import { authTokens, knownLoginClients, loginThrottle, passwordResetTokens, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

/** The account-wide backoff: from `threshold` attempts on, `baseMs` doubled per attempt, at most `capMs`, between two attempts. */
export interface BackoffRule {
  threshold: number;
  baseMs: number;
  capMs: number;
}

/** The wait after the stored number of failures, in SQL (the exponent is capped so that it never overflows). */
function backoffUntil(now: Date, failures: SQL, rule: BackoffRule): SQL {
  return sql`${now.toISOString()}::timestamptz + least(${rule.capMs}::float8, ${rule.baseMs}::float8 * power(2, least(${failures} - ${rule.threshold}, 30))) * interval '1 millisecond'`;
}


/** The account-wide counter of a login: every attempt counts; `wait` when the client must take its turn in the backoff. */
export interface BackoffKey {
  key: string;
  rule: BackoffRule;
  wait: boolean;
}

/**
 * What reserveAttempts decided: the attempt counted on every key, or on none of them, with the
 * counters that were at their limit (`over`) or the backoff's wait (`waitMs`).
 */
export type Reservation = { reserved: true } | { reserved: false; over: { key: string; windowStartedAt: Date }[]; waitMs: number };

/** Thrown inside the reservation's transaction to roll it back: the refused attempt counts nowhere. */
class Refused extends Error {
  constructor(readonly reservation: Reservation & { reserved: false }) {
    super('attempt refused');
  }
}

/** The counter's window is over at `windowStart`: the next attempt starts a new one. */
const windowOver = (windowStart: Date) => sql`${loginThrottle.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`;

/**
 * Counts one attempt on each key in one statement and returns the counts, a new window starting where
 * the stored one is over. Keys are locked in one order (sorted), so that two requests never wait for
 * each other's rows crosswise.
 */
function countAttempts(tx: Tx, keys: string[], now: Date, windowStart: Date) {
  const expired = windowOver(windowStart);
  return tx
    .insert(loginThrottle)
    .values([...keys].sort().map((key) => ({ key, failures: 1, windowStartedAt: now })))
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${loginThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${loginThrottle.windowStartedAt} end`,
      },
    })
    .returning({ key: loginThrottle.key, failures: loginThrottle.failures, windowStartedAt: loginThrottle.windowStartedAt });
}

/**
 * Counts one attempt on the account's backoff counter: 0 when it may go ahead (past the threshold the
 * next unknown client then waits its turn: base doubled per attempt), otherwise the milliseconds to
 * wait, nothing counted. A client that does not wait (`wait: false`) is counted all the same.
 */
async function takeBackoffTurn(tx: Tx, { key, rule, wait }: BackoffKey, now: Date, windowStart: Date): Promise<number> {
  const expired = windowOver(windowStart);
  const attempts = sql`(case when ${expired} then 1 else ${loginThrottle.failures} + 1 end)`;
  const turnIsFree = sql`(${expired} or ${loginThrottle.blockedUntil} is null or ${loginThrottle.blockedUntil} <= ${now.toISOString()}::timestamptz)`;
  const taken = await tx
    .insert(loginThrottle)
    // The threshold is above one: a first attempt never makes the next one wait.
    .values({ key, failures: 1, windowStartedAt: now, blockedUntil: null })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: attempts,
        windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${loginThrottle.windowStartedAt} end`,
        blockedUntil: sql`case when ${attempts} < ${rule.threshold} then null
          else greatest(coalesce(${loginThrottle.blockedUntil}, ${now.toISOString()}::timestamptz), ${backoffUntil(now, attempts, rule)}) end`,
      },
      ...(wait ? { setWhere: turnIsFree } : {}),
    })
    .returning({ key: loginThrottle.key });
  if (taken.length > 0) return 0;
  // Not updated, yet locked by the upsert until the transaction ends: its wait is the one in force.
  const [row] = await tx.select({ blockedUntil: loginThrottle.blockedUntil }).from(loginThrottle).where(eq(loginThrottle.key, key));
  return Math.max(1, (row?.blockedUntil?.getTime() ?? now.getTime()) - now.getTime());
}

export function createAuthRepository(db: Database) {
  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      return row;
    },

    async findUserById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    async updateUserNames(id: number, names: { name: string; lastName: string }, now: Date): Promise<void> {
      await db.update(users).set({ ...names, updatedAt: now }).where(eq(users.id, id));
    },

    /** One token per user and device: logging in again from a device replaces its token. */
    async saveToken(token: { userId: number; deviceId: string; tokenHash: string; now: Date; expiresAt: Date }) {
      await db
        .insert(authTokens)
        .values({
          userId: token.userId,
          deviceId: token.deviceId,
          tokenHash: token.tokenHash,
          createdAt: token.now,
          lastUsedAt: token.now,
          expiresAt: token.expiresAt,
        })
        .onConflictDoUpdate({
          target: [authTokens.userId, authTokens.deviceId],
          set: { tokenHash: token.tokenHash, createdAt: token.now, lastUsedAt: token.now, expiresAt: token.expiresAt },
        });
    },

    /** A token that has not expired and was used after `idleSince`. */
    async findLiveToken(tokenHash: string, now: Date, idleSince: Date) {
      const [row] = await db
        .select({ tokenId: authTokens.id, lastUsedAt: authTokens.lastUsedAt, id: users.id, role: users.role })
        .from(authTokens)
        .innerJoin(users, eq(users.id, authTokens.userId))
        .where(and(eq(authTokens.tokenHash, tokenHash), gt(authTokens.expiresAt, now), gt(authTokens.lastUsedAt, idleSince)));
      return row;
    },

    async touchToken(tokenId: number, now: Date): Promise<void> {
      await db.update(authTokens).set({ lastUsedAt: now }).where(eq(authTokens.id, tokenId));
    },

    async deleteToken(tokenId: number): Promise<void> {
      await db.delete(authTokens).where(eq(authTokens.id, tokenId));
    },

    async deleteExpiredTokens(now: Date): Promise<void> {
      await db.delete(authTokens).where(lt(authTokens.expiresAt, now));
    },

    async clearThrottle(key: string): Promise<void> {
      await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
    },

    async clearThrottlePrefix(prefix: string): Promise<void> {
      await db.delete(loginThrottle).where(sql`starts_with(${loginThrottle.key}, ${prefix})`);
    },

    /**
     * Reserves one attempt before the work it allows, on every key or on none: in one transaction the
     * attempt is counted on each key (each row updated under its lock, so requests sent together each
     * see their own count), then, when one count is over its limit or the backoff says wait, rolled
     * back. A refused attempt thus counts nowhere and no one ever saw it counted, so the limit is exact
     * however many requests arrive at once. Rows are locked in one order: the limited keys sorted, then
     * the backoff's key, after which the transaction waits for nothing.
     */
    async reserveAttempts(limits: LimitedKey[], now: Date, windowStart: Date, backoff?: BackoffKey): Promise<Reservation> {
      const limitOf = new Map(limits.map(({ key, limit }) => [key, limit]));
      try {
        await db.transaction(async (tx) => {
          const counted = limits.length > 0 ? await countAttempts(tx, [...limitOf.keys()], now, windowStart) : [];
          const over = counted.filter((row) => row.failures > (limitOf.get(row.key) ?? Infinity));
          if (over.length > 0) throw new Refused({ reserved: false, over, waitMs: 0 });
          const waitMs = backoff ? await takeBackoffTurn(tx, backoff, now, windowStart) : 0;
          if (waitMs > 0) throw new Refused({ reserved: false, over: [], waitMs });
        });
        return { reserved: true };
      } catch (error) {
        if (error instanceof Refused) return error.reservation;
        throw error;
      }
    },

    /**
     * Gives back attempts reserved by reserveAttempts (a success that should not count). One key per
     * statement: a statement that held one row while waiting for another could close a cycle with a
     * reservation holding them the other way round (the deadlocks of issue 33).
     */
    async releaseAttempts(keys: string[]): Promise<void> {
      for (const key of keys) {
        await db
          .update(loginThrottle)
          .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
          .where(eq(loginThrottle.key, key));
      }
    },

    /** Whether the account logged in successfully from one of these clients (hashes) since `since`. */
    async isKnownClient(email: string, clientHashes: string[], since: Date): Promise<boolean> {
      const rows = await db
        .select({ userId: knownLoginClients.userId })
        .from(knownLoginClients)
        .innerJoin(users, eq(users.id, knownLoginClients.userId))
        .where(
          and(
            eq(sql`lower(${users.email})`, email.toLowerCase()),
            inArray(knownLoginClients.clientHash, clientHashes),
            gt(knownLoginClients.lastSuccessAt, since),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** Remembers the clients of a successful login, and forgets the account's ones unused since `staleBefore`. */
    async rememberClients(userId: number, clientHashes: string[], now: Date, staleBefore: Date): Promise<void> {
      await db
        .insert(knownLoginClients)
        .values(clientHashes.map((clientHash) => ({ userId, clientHash, lastSuccessAt: now })))
        .onConflictDoUpdate({ target: [knownLoginClients.userId, knownLoginClients.clientHash], set: { lastSuccessAt: now } });
      await db.delete(knownLoginClients).where(and(eq(knownLoginClients.userId, userId), lt(knownLoginClients.lastSuccessAt, staleBefore)));
    },

    /** One live reset token per user: a new request replaces the previous one. */
    async saveResetToken(userId: number, tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
      await db
        .insert(passwordResetTokens)
        .values({ userId, tokenHash, createdAt: now, expiresAt })
        .onConflictDoUpdate({ target: passwordResetTokens.userId, set: { tokenHash, createdAt: now, expiresAt } });
    },

    async findResetToken(userId: number) {
      const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
      return row;
    },

    /**
     * Spends the reset token and sets the new password in one transaction, ending every session of the
     * account. False when the token was spent or replaced in the meantime (two tabs, a replayed link).
     */
    async completeReset(userId: number, tokenHash: string, passwordHash: string, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const spent = await tx
          .delete(passwordResetTokens)
          .where(
            and(eq(passwordResetTokens.userId, userId), eq(passwordResetTokens.tokenHash, tokenHash), gt(passwordResetTokens.expiresAt, now)),
          )
          .returning({ userId: passwordResetTokens.userId });
        if (spent.length === 0) return false;
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
        await tx.delete(authTokens).where(eq(authTokens.userId, userId));
        return true;
      });
    },

    async markEmailVerified(userId: number, now: Date): Promise<void> {
      await db
        .update(users)
        .set({ emailVerifiedAt: now, updatedAt: now })
        .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
