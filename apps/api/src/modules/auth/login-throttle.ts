import { MESSAGES } from '@concejo/contracts';
import type { Clock } from '../../lib/clock.js';
import type { AuthRepository } from './repository.js';

export const THROTTLE_WINDOW_MS = 15 * 60_000;
/** Failed logins allowed per account from one address in a window: enough for typos, too few for guessing. */
export const ACCOUNT_ADDRESS_FAILURE_LIMIT = 5;
/** Failed logins allowed per client address in a window, whatever the accounts tried. */
export const IP_FAILURE_LIMIT = 30;
/** Failures on one account, from anywhere, after which clients it does not know wait between attempts. */
export const ACCOUNT_BACKOFF_THRESHOLD = 5;
/** The wait doubles with each failure over the threshold, from 1 s up to a minute. */
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 60_000;

/** Why an attempt was refused: the account from this address, this address, or the account's backoff. */
export type LoginLockScope = 'account_address' | 'address' | 'account_backoff';

export type LoginAttempt =
  | { allowed: true; email: string; ip: string }
  | { allowed: false; scope: LoginLockScope; retryAfterSeconds: number; message: string };

const accountKey = (email: string) => `account:${email.toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;
/** The e-mail first, so that every address's counter of an account shares its prefix (see clearAccount). */
const accountAddressKey = (email: string, ip: string) => `account-address:${email.toLowerCase()} ${ip}`;

/**
 * Failed-login limits. Guessing is stopped per account and address (5 in 15 minutes) and per address
 * (30), and only slowed down per account: past 5 failures from anywhere, a client the account does not
 * know (see `known`) waits 1, 2, 4... up to 60 s between attempts, so that nobody can lock the real
 * owner out from elsewhere. Each attempt is reserved with one atomic upsert before the password is
 * checked, so parallel requests cannot check more passwords than the limit.
 */
export function createLoginThrottle(repository: AuthRepository, clock: Clock) {
  const backoff = { threshold: ACCOUNT_BACKOFF_THRESHOLD, baseMs: BACKOFF_BASE_MS, capMs: BACKOFF_CAP_MS };
  const windowStart = (now: Date) => new Date(now.getTime() - THROTTLE_WINDOW_MS);

  return {
    /**
     * Reserves one password check for the account from this address, or says why not. A client that
     * logged in to this account before (`known`) skips the account's backoff, never the other limits.
     */
    async reserve(input: { email: string; ip: string; known: boolean }): Promise<LoginAttempt> {
      const now = clock.now();
      const limits = new Map([
        [accountAddressKey(input.email, input.ip), ACCOUNT_ADDRESS_FAILURE_LIMIT],
        [ipKey(input.ip), IP_FAILURE_LIMIT],
      ]);
      const counted = await repository.countAttempts([...limits.keys()], now, windowStart(now));
      const over = counted.filter((row) => row.failures > (limits.get(row.key) ?? Infinity));
      if (over.length > 0) {
        await repository.releaseAttempts([...limits.keys()]);
        const retryAtMs = Math.max(...over.map((row) => row.windowStartedAt.getTime() + THROTTLE_WINDOW_MS));
        const seconds = Math.max(1, Math.ceil((retryAtMs - now.getTime()) / 1000));
        const scope = over.some((row) => row.key.startsWith('account-address:')) ? 'account_address' : 'address';
        return { allowed: false, scope, retryAfterSeconds: seconds, message: MESSAGES.tooManyLogins(Math.ceil(seconds / 60)) };
      }
      if (!input.known) {
        const waitMs = await repository.claimBackoffSlot(accountKey(input.email), now, windowStart(now), backoff);
        if (waitMs > 0) {
          await repository.releaseAttempts([...limits.keys()]);
          const seconds = Math.max(1, Math.ceil(waitMs / 1000));
          return { allowed: false, scope: 'account_backoff', retryAfterSeconds: seconds, message: MESSAGES.loginSlowedDown(seconds) };
        }
      }
      return { allowed: true, email: input.email, ip: input.ip };
    },

    /** The password was wrong: the reservation stays counted, and the account's backoff grows. */
    async failed(attempt: { email: string }): Promise<void> {
      const now = clock.now();
      await repository.recordAccountFailure(accountKey(attempt.email), now, windowStart(now), backoff);
    },

    /** The right password: the account's counters start over and the address gets its attempt back. */
    async succeeded(attempt: { email: string; ip: string }): Promise<void> {
      await repository.clearThrottle(accountKey(attempt.email));
      await repository.clearThrottle(accountAddressKey(attempt.email, attempt.ip));
      await repository.releaseAttempts([ipKey(attempt.ip)]);
    },

    /** Whoever proved they own the mailbox (a password reset) lifts every login limit of the account. */
    async clearAccount(email: string): Promise<void> {
      await repository.clearThrottle(accountKey(email));
      await repository.clearThrottlePrefix(accountAddressKey(email, ''));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
