import { MESSAGES } from '@concejo/contracts';
import type { Clock } from '../../lib/clock.js';
import { digestToken } from '../../lib/tokens.js';
import type { AuthRepository } from './repository.js';

export const THROTTLE_WINDOW_MS = 15 * 60_000;
/** Failed logins allowed per account from one address in a window: enough for typos, too few for guessing. */
export const ACCOUNT_ADDRESS_FAILURE_LIMIT = 5;
/** Failed logins allowed per client address in a window, whatever the accounts tried. */
export const IP_FAILURE_LIMIT = 30;
/** Attempts on one account, from anywhere, after which clients it does not know wait between attempts (a success starts over). */
export const ACCOUNT_BACKOFF_THRESHOLD = 5;
/** The wait doubles with each failure over the threshold, from 1 s up to a minute. */
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 60_000;
/** A client an account logged in from (or reset its password from) stays known this long after. */
export const KNOWN_CLIENT_TTL_MS = 90 * 24 * 3600_000;

/** Why an attempt was refused: the account from this address, this address, or the account's backoff. */
export type LoginLockScope = 'account_address' | 'address' | 'account_backoff';

export type LoginAttempt =
  | { allowed: true; email: string; ip: string }
  | { allowed: false; scope: LoginLockScope; retryAfterSeconds: number; message: string };

/** A client as stored: digests of its address and of its device (when it sent one), never the values. */
const clientHashes = (ip: string, deviceId?: string) => [digestToken(`address:${ip}`), ...(deviceId ? [digestToken(`device:${deviceId}`)] : [])];

const accountKey = (email: string) => `account:${email.toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;
/** The e-mail first, so that every address's counter of an account shares its prefix (see mailboxProven). */
const accountAddressKey = (email: string, ip: string) => `account-address:${email.toLowerCase()} ${ip}`;

/**
 * Failed-login limits. Guessing is stopped per account and address (5 in 15 minutes) and per address
 * (30), and only slowed down per account: from the 5th attempt from anywhere, a client the account
 * does not know (see `known`) waits 1, 2, 4... up to 60 s after each attempt before the next, so that
 * nobody can lock the real owner out from elsewhere. Every attempt is reserved on all three counters
 * (repository.reserveAttempts: one transaction, all or none) before the password is checked, so
 * requests sent together cannot check more passwords than the limits, whatever the number of addresses
 * they come from.
 */
export function createLoginThrottle(repository: AuthRepository, clock: Clock) {
  const backoff = { threshold: ACCOUNT_BACKOFF_THRESHOLD, baseMs: BACKOFF_BASE_MS, capMs: BACKOFF_CAP_MS };
  const windowStart = (now: Date) => new Date(now.getTime() - THROTTLE_WINDOW_MS);

  /** Remembers the client of a success as the account's own, and forgets those unused for 90 days. */
  async function rememberClient(userId: number, client: { ip: string; deviceId?: string }): Promise<void> {
    const now = clock.now();
    await repository.rememberClients(userId, clientHashes(client.ip, client.deviceId), now, new Date(now.getTime() - KNOWN_CLIENT_TTL_MS));
  }

  return {
    /**
     * Reserves one password check for the account from this address, or says why not (then nothing
     * is counted). A client that logged in to this account before (`known`) skips the account's
     * backoff, never the other limits; its attempt still counts on the account.
     */
    async reserve(input: { email: string; ip: string; known: boolean }): Promise<LoginAttempt> {
      const now = clock.now();
      const reservation = await repository.reserveAttempts(
        [
          { key: accountAddressKey(input.email, input.ip), limit: ACCOUNT_ADDRESS_FAILURE_LIMIT },
          { key: ipKey(input.ip), limit: IP_FAILURE_LIMIT },
        ],
        now,
        windowStart(now),
        { key: accountKey(input.email), rule: backoff, wait: !input.known },
      );
      if (reservation.reserved) return { allowed: true, email: input.email, ip: input.ip };
      if (reservation.over.length > 0) {
        const retryAtMs = Math.max(...reservation.over.map((row) => row.windowStartedAt.getTime() + THROTTLE_WINDOW_MS));
        const seconds = Math.max(1, Math.ceil((retryAtMs - now.getTime()) / 1000));
        const scope = reservation.over.some((row) => row.key.startsWith('account-address:')) ? 'account_address' : 'address';
        return { allowed: false, scope, retryAfterSeconds: seconds, message: MESSAGES.tooManyLogins(Math.ceil(seconds / 60)) };
      }
      const seconds = Math.max(1, Math.ceil(reservation.waitMs / 1000));
      return { allowed: false, scope: 'account_backoff', retryAfterSeconds: seconds, message: MESSAGES.loginSlowedDown(seconds) };
    },

    /** The right password: the account's counters start over and the address gets its attempt back (a wrong one stays counted). */
    async succeeded(attempt: { email: string; ip: string }): Promise<void> {
      await repository.clearThrottle(accountKey(attempt.email));
      await repository.clearThrottle(accountAddressKey(attempt.email, attempt.ip));
      await repository.releaseAttempts([ipKey(attempt.ip)]);
    },

    /** Whether the account logged in from this address or this device in the last 90 days (or reset its password there). */
    async isKnown(input: { email: string; ip: string; deviceId: string }): Promise<boolean> {
      return repository.isKnownClient(input.email, clientHashes(input.ip, input.deviceId), new Date(clock.now().getTime() - KNOWN_CLIENT_TTL_MS));
    },

    rememberClient,

    /**
     * Whoever proved they own the mailbox (a password reset) lifts every login limit of the account,
     * and the client they did it from becomes known: it skips the account's backoff, so that the owner
     * gets in at once even while someone keeps guessing from elsewhere.
     */
    async mailboxProven(user: { id: number; email: string }, client: { ip: string; deviceId?: string }): Promise<void> {
      await repository.clearThrottle(accountKey(user.email));
      await repository.clearThrottlePrefix(accountAddressKey(user.email, ''));
      await rememberClient(user.id, client);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
