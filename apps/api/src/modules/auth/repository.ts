import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { authTokens, loginThrottle, passwordResetTokens, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

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

    async findLiveToken(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ tokenId: authTokens.id, lastUsedAt: authTokens.lastUsedAt, id: users.id, role: users.role })
        .from(authTokens)
        .innerJoin(users, eq(users.id, authTokens.userId))
        .where(and(eq(authTokens.tokenHash, tokenHash), gt(authTokens.expiresAt, now)));
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
