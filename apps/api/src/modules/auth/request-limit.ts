import { ACCOUNT_MESSAGES } from '@concejo/contracts';
import type { Clock } from '../../lib/clock.js';
import { TooManyRequests } from '../../lib/errors.js';
import type { AuthRepository, LimitedKey } from './repository.js';

export type { LimitedKey };

/**
 * Counts requests per key in fixed windows, in the same PostgreSQL table and with the same
 * reservation as the failed logins (so that several API instances share the limits, and requests
 * sent together cannot pass a limit). Keys carry their own prefix; the login's are `account:`,
 * `account-address:` and `ip:`, so the counters never mix.
 */
export function createRequestLimit(repository: AuthRepository, clock: Clock, windowMs: number, tooMany: (minutes: number) => string = ACCOUNT_MESSAGES.tooManyRequests) {
  return {
    /**
     * Counts this request on every key before its work is done, or, when one key is at its limit,
     * on none: 429 with Retry-After.
     */
    async reserve(keys: LimitedKey[]): Promise<void> {
      const now = clock.now();
      const reservation = await repository.reserveAttempts(keys, now, new Date(now.getTime() - windowMs));
      if (reservation.reserved) return;
      const retryAtMs = Math.max(...reservation.over.map((row) => row.windowStartedAt.getTime() + windowMs));
      const seconds = (retryAtMs - now.getTime()) / 1000;
      throw new TooManyRequests(tooMany(Math.max(1, Math.ceil(seconds / 60))), seconds);
    },

    /** Gives back a reserved request that turned out not to count (a success, nothing sent). */
    async release(keys: LimitedKey[]): Promise<void> {
      await repository.releaseAttempts(keys.map(({ key }) => key));
    },

    async clear(key: string): Promise<void> {
      await repository.clearThrottle(key);
    },
  };
}
