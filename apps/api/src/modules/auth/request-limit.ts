import { ACCOUNT_MESSAGES } from '@concejo/contracts';
import type { Clock } from '../../lib/clock.js';
import { TooManyRequests } from '../../lib/errors.js';
import type { AuthRepository } from './repository.js';

/** A counter and how many hits it allows in one window, e.g. `{ key: 'forgot:ip:10.0.0.1', limit: 20 }`. */
export interface LimitedKey {
  key: string;
  limit: number;
}

/**
 * Counts requests per key in fixed windows, in the same PostgreSQL table as the failed logins (so that
 * several API instances share the limits). Keys carry their own prefix; the login's are `account:`
 * and `ip:`, so the counters never mix.
 */
export function createRequestLimit(repository: AuthRepository, clock: Clock, windowMs: number, tooMany: (minutes: number) => string = ACCOUNT_MESSAGES.tooManyRequests) {
  return {
    /** 429 with Retry-After when any of the keys has reached its limit. */
    async assertAllowed(keys: LimitedKey[]): Promise<void> {
      const now = clock.now();
      const rows = await repository.throttleRows(
        keys.map(({ key }) => key),
        new Date(now.getTime() - windowMs),
      );
      const limits = new Map(keys.map(({ key, limit }) => [key, limit]));
      const blocked = rows.filter((row) => row.failures >= (limits.get(row.key) ?? Infinity));
      if (blocked.length === 0) return;
      const retryAtMs = Math.max(...blocked.map((row) => row.windowStartedAt.getTime() + windowMs));
      const seconds = (retryAtMs - now.getTime()) / 1000;
      throw new TooManyRequests(tooMany(Math.max(1, Math.ceil(seconds / 60))), seconds);
    },

    async record(keys: LimitedKey[]): Promise<void> {
      const now = clock.now();
      const windowStart = new Date(now.getTime() - windowMs);
      for (const { key } of keys) await repository.recordFailure(key, now, windowStart);
    },

    async clear(key: string): Promise<void> {
      await repository.clearThrottle(key);
    },
  };
}
