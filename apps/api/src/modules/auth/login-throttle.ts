import { MESSAGES } from '@concejo/contracts';
import type { Clock } from '../../lib/clock.js';
import { TooManyRequests } from '../../lib/errors.js';
import type { AuthRepository } from './repository.js';

export const THROTTLE_WINDOW_MS = 15 * 60_000;
/** Failed logins allowed per account in a window: enough for typos, too few for guessing. */
export const ACCOUNT_FAILURE_LIMIT = 5;
/** Failed logins allowed per client address in a window, whatever the accounts tried. */
export const IP_FAILURE_LIMIT = 30;

const LIMITS: Record<'account' | 'ip', number> = { account: ACCOUNT_FAILURE_LIMIT, ip: IP_FAILURE_LIMIT };

/** Limits failed logins per account and per address, answering 429 with Retry-After once over. */
export function createLoginThrottle(repository: AuthRepository, clock: Clock) {
  const keysFor = (email: string, ip: string) => ({ account: `account:${email.toLowerCase()}`, ip: `ip:${ip}` });

  return {
    async assertAllowed(email: string, ip: string): Promise<void> {
      const now = clock.now();
      const keys = keysFor(email, ip);
      const rows = await repository.throttleRows(Object.values(keys), new Date(now.getTime() - THROTTLE_WINDOW_MS));
      const blocked = rows.filter((row) => row.failures >= LIMITS[row.key.startsWith('ip:') ? 'ip' : 'account']);
      if (blocked.length === 0) return;
      const retryAtMs = Math.max(...blocked.map((row) => row.windowStartedAt.getTime() + THROTTLE_WINDOW_MS));
      const seconds = (retryAtMs - now.getTime()) / 1000;
      throw new TooManyRequests(MESSAGES.tooManyLogins(Math.max(1, Math.ceil(seconds / 60))), seconds);
    },

    async recordFailure(email: string, ip: string): Promise<void> {
      const now = clock.now();
      const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
      const keys = keysFor(email, ip);
      await repository.recordFailure(keys.account, now, windowStart);
      await repository.recordFailure(keys.ip, now, windowStart);
    },

    async recordSuccess(email: string): Promise<void> {
      await repository.clearThrottle(keysFor(email, '').account);
    },
  };
}
