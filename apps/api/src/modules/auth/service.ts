import { MESSAGES, type LoginResponse, type UpdateUserRequest, type UserResponse } from '@concejo/contracts';
import type { Clock } from '../../lib/clock.js';
import { HttpError, NotFound } from '../../lib/errors.js';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import { digestToken, newToken } from '../../lib/tokens.js';
import type { AuthUser } from '../../plugins/auth.js';
import { createLoginThrottle } from './login-throttle.js';
import type { AuthRepository, UserRow } from './repository.js';

// Writing last_used_at on every request would turn each read into a write; once a minute is enough.
const TOUCH_INTERVAL_MS = 60_000;

/** Logs staff in and out with opaque bearer tokens, one per device, stored only as digests. */
export function createAuthService(deps: { repository: AuthRepository; clock: Clock; tokenTtlMs: number }) {
  const { repository, clock, tokenTtlMs } = deps;
  const throttle = createLoginThrottle(repository, clock);

  return {
    async login(input: { email: string; password: string; deviceId: string; ip: string }): Promise<LoginResponse> {
      await throttle.assertAllowed(input.email, input.ip);
      const user = await repository.findUserByEmail(input.email);
      const valid = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);
      if (!user || !valid) {
        await throttle.recordFailure(input.email, input.ip);
        throw new HttpError(401, MESSAGES.badCredentials);
      }
      await throttle.recordSuccess(input.email);

      const token = newToken();
      const now = clock.now();
      await repository.saveToken({
        userId: user.id,
        deviceId: input.deviceId,
        tokenHash: digestToken(token),
        now,
        expiresAt: new Date(now.getTime() + tokenTtlMs),
      });
      return {
        token,
        role: user.role,
        user: { name: user.name, last_name: user.lastName, email_verified: user.emailVerifiedAt !== null },
      };
    },

    async logout(user: AuthUser): Promise<void> {
      await repository.deleteToken(user.tokenId);
    },

    async userForToken(token: string): Promise<AuthUser | undefined> {
      const now = clock.now();
      const row = await repository.findLiveToken(digestToken(token), now);
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
