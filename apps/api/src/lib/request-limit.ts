import { ACCOUNT_MESSAGES } from '@concejo/contracts';
import type { Clock } from './clock.js';
import { TooManyRequests } from './errors.js';

/** A counter and how many attempts it allows in one window, e.g. `{ key: 'forgot:ip:10.0.0.1', limit: 20 }`. */
export interface LimitedKey {
  key: string;
  limit: number;
}

/**
 * Where the counters are kept: modules/auth's repository (its login_throttle table), handed in by
 * the module itself or, for another module, by app.ts.
 */
export interface AttemptCounters {
  reserveAttempts(limits: LimitedKey[], now: Date, windowStart: Date): Promise<{ reserved: true } | { reserved: false; over: { key: string; windowStartedAt: Date }[] }>;
  releaseAttempts(keys: string[]): Promise<void>;
  clearThrottle(key: string): Promise<void>;
}

/**
 * Counts requests per key in fixed windows, in the same PostgreSQL table and with the same
 * reservation as the failed logins (so that several API instances share the limits, and requests
 * sent together cannot pass a limit). Keys carry their own prefix; the login's are `account:`,
 * `account-address:` and `ip:`, so the counters never mix.
 */
export function createRequestLimit(repository: AttemptCounters, clock: Clock, windowMs: number, tooMany: (minutes: number) => string = ACCOUNT_MESSAGES.tooManyRequests) {
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

export type RequestLimit = ReturnType<typeof createRequestLimit>;
