import type { FastifyBaseLogger } from 'fastify';
import { MESSAGES, type LoginResponse, type UpdateUserRequest, type UserResponse } from '@concejo/contracts';
import { audit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError, NotFound, TooManyRequests } from '../../lib/errors.js';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import { digestToken, newToken } from '../../lib/tokens.js';
import type { AuthUser } from '../../plugins/auth.js';
import { createLoginThrottle } from './login-throttle.js';
import type { AuthRepository, UserRow } from './repository.js';

// Writing last_used_at on every request would turn each read into a write; once a minute is enough.
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Logs staff in and out with opaque bearer tokens, one per device, stored only as digests. A token
 * ends at `tokenTtlMs` after the login, or earlier once unused for `sessionIdleMs`.
 */
export function createAuthService(deps: {
  repository: AuthRepository;
  clock: Clock;
  tokenTtlMs: number;
  sessionIdleMs: number;
  log: FastifyBaseLogger;
}) {
  const { repository, clock, tokenTtlMs, sessionIdleMs, log } = deps;
  const throttle = createLoginThrottle(repository, clock);

  return {
    async login(input: { email: string; password: string; deviceId: string; ip: string }): Promise<LoginResponse> {
      const user = await repository.findUserByEmail(input.email);
      const known = await throttle.isKnown({ email: input.email, ip: input.ip, deviceId: input.deviceId });
      // Reserved before the (slow) check: a refused attempt checks no password at all.
      const attempt = await throttle.reserve({ email: input.email, ip: input.ip, known });
      if (!attempt.allowed) {
        audit(log, 'login_locked', { userId: user?.id ?? null, address: input.ip, scope: attempt.scope, retryAfterSeconds: attempt.retryAfterSeconds });
        throw new TooManyRequests(attempt.message, attempt.retryAfterSeconds);
      }
      const valid = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);
      if (!user || !valid) {
        audit(log, 'login_failed', { userId: user?.id ?? null, address: input.ip });
        throw new HttpError(401, MESSAGES.badCredentials);
      }
      await throttle.succeeded(attempt);

      const token = newToken();
      await throttle.rememberClient(user.id, { ip: input.ip, deviceId: input.deviceId });
      const now = clock.now();
      await repository.saveToken({
        userId: user.id,
        deviceId: input.deviceId,
        tokenHash: digestToken(token),
        now,
        expiresAt: new Date(now.getTime() + tokenTtlMs),
      });
      audit(log, 'login_succeeded', { userId: user.id, address: input.ip });
      return {
        token,
        role: user.role,
        user: { name: user.name, last_name: user.lastName, email_verified: user.emailVerifiedAt !== null },
      };
    },

    async logout(user: AuthUser): Promise<void> {
      await repository.deleteToken(user.tokenId);
    },

    async userForToken(token: string): Promise<Omit<AuthUser, 'address'> | undefined> {
      const now = clock.now();
      const row = await repository.findLiveToken(digestToken(token), now, new Date(now.getTime() - sessionIdleMs));
      if (!row) return undefined;
      if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) await repository.touchToken(row.tokenId, now);
      return { id: row.id, role: row.role, tokenId: row.tokenId };
    },

    async profile(user: AuthUser): Promise<UserResponse> {
      return toUserResponse(await requireUser(repository, user.id));
    },

    async updateProfile(user: AuthUser, input: UpdateUserRequest): Promise<UserResponse> {
      await repository.updateUserNames(user.id, { name: input.name, lastName: input.last_name }, clock.now());
      return toUserResponse(await requireUser(repository, user.id));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

async function requireUser(repository: AuthRepository, id: number): Promise<UserRow> {
  const row = await repository.findUserById(id);
  if (!row) throw new NotFound();
  return row;
}

function toUserResponse(row: UserRow): UserResponse {
  return {
    user: { name: row.name, last_name: row.lastName, email: row.email },
    role: row.role,
    email_verified: row.emailVerifiedAt !== null,
  };
}
