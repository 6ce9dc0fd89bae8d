import { and, eq, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { authTokens, knownLoginClients, loginThrottle, passwordResetTokens, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

/** The account-wide backoff: past `threshold` failures, `baseMs` doubled per failure, at most `capMs`. */
export interface BackoffRule {
  threshold: number;
  baseMs: number;
  capMs: number;
}

/** The wait after the stored number of failures, in SQL (the exponent is capped so that it never overflows). */
function backoffUntil(now: Date, failures: SQL, rule: BackoffRule): SQL {
  return sql`${now.toISOString()}::timestamptz + least(${rule.capMs}::float8, ${rule.baseMs}::float8 * power(2, least(${failures} - ${rule.threshold}, 30))) * interval '1 millisecond'`;
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

    async throttleRows(keys: string[], windowStart: Date) {
      if (keys.length === 0) return [];
      return db
        .select()
        .from(loginThrottle)
        .where(and(sql`${loginThrottle.key} in ${keys}`, gt(loginThrottle.windowStartedAt, windowStart)));
    },

    /** Counts a failure, starting a new window when the stored one is over. */
    async recordFailure(key: string, now: Date, windowStart: Date): Promise<void> {
      const expired = sql`${loginThrottle.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`;
      await db
        .insert(loginThrottle)
        .values({ key, failures: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: loginThrottle.key,
          set: {
            failures: sql`case when ${expired} then 1 else ${loginThrottle.failures} + 1 end`,
            windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${loginThrottle.windowStartedAt} end`,
          },
        });
    },

    async clearThrottle(key: string): Promise<void> {
      await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
    },

    async clearThrottlePrefix(prefix: string): Promise<void> {
      await db.delete(loginThrottle).where(sql`starts_with(${loginThrottle.key}, ${prefix})`);
    },

    /**
     * Counts one attempt on each key in one statement and returns the counts, a new window starting
     * where the stored one is over. Each row is updated under its lock, so parallel requests each see
     * their own count: the reservation that makes the limit exact.
     */
    async countAttempts(keys: string[], now: Date, windowStart: Date) {
      if (keys.length === 0) return [];
      const expired = sql`${loginThrottle.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`;
      return db
        .insert(loginThrottle)
        // Always in the same order, so that two requests never wait for each other's rows crosswise.
        .values([...keys].sort().map((key) => ({ key, failures: 1, windowStartedAt: now })))
        .onConflictDoUpdate({
          target: loginThrottle.key,
          set: {
            failures: sql`case when ${expired} then 1 else ${loginThrottle.failures} + 1 end`,
            windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${loginThrottle.windowStartedAt} end`,
          },
        })
        .returning({ key: loginThrottle.key, failures: loginThrottle.failures, windowStartedAt: loginThrottle.windowStartedAt });
    },

    /** Gives back attempts counted by countAttempts (refused ones, or a success). */
    async releaseAttempts(keys: string[]): Promise<void> {
      if (keys.length === 0) return;
      await db
        .update(loginThrottle)
        .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
        .where(inArray(loginThrottle.key, keys));
    },

    /**
     * For a client the account does not know: 0 when it may try now (the next one then waits its
     * turn: the slot is taken atomically), otherwise how many milliseconds it must wait.
     */
    async claimBackoffSlot(key: string, now: Date, windowStart: Date, rule: BackoffRule): Promise<number> {
      const claimed = await db
        .update(loginThrottle)
        .set({ blockedUntil: backoffUntil(now, sql`${loginThrottle.failures}`, rule) })
        .where(
          and(
            eq(loginThrottle.key, key),
            gt(loginThrottle.windowStartedAt, windowStart),
            sql`${loginThrottle.failures} >= ${rule.threshold}`,
            sql`(${loginThrottle.blockedUntil} is null or ${loginThrottle.blockedUntil} <= ${now.toISOString()}::timestamptz)`,
          ),
        )
        .returning({ key: loginThrottle.key });
      if (claimed.length > 0) return 0;
      const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
      if (!row || row.windowStartedAt <= windowStart || row.failures < rule.threshold || !row.blockedUntil) return 0;
      return Math.max(0, row.blockedUntil.getTime() - now.getTime());
    },

    /** Counts a failed password on the account; past the threshold, clients it does not know must wait. */
    async recordAccountFailure(key: string, now: Date, windowStart: Date, rule: BackoffRule): Promise<void> {
      const expired = sql`${loginThrottle.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`;
      const failures = sql`(${loginThrottle.failures} + 1)`;
      await db
        .insert(loginThrottle)
        .values({ key, failures: 1, windowStartedAt: now, blockedUntil: null })
        .onConflictDoUpdate({
          target: loginThrottle.key,
          set: {
            failures: sql`case when ${expired} then 1 else ${failures} end`,
            windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${loginThrottle.windowStartedAt} end`,
            blockedUntil: sql`case
              when ${expired} then null
              when ${failures} >= ${rule.threshold}
                then greatest(coalesce(${loginThrottle.blockedUntil}, ${now.toISOString()}::timestamptz), ${backoffUntil(now, failures, rule)})
              else ${loginThrottle.blockedUntil} end`,
          },
        });
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
