import {
  ACCOUNT_MESSAGES,
  isCommonPassword,
  type CreateUserRequest,
  type ManagedUser,
  type UpdateUserRoleRequest,
  type UserMutationResponse,
  type UsersQuery,
} from '@concejo/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { audit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { Forbidden, NotFound, ValidationFailed } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import type { AuthUser } from '../../plugins/auth.js';
import { isEmailTaken, type ManagedUserRow, type UserRepository } from './repository.js';

function present(row: ManagedUserRow): ManagedUser {
  return { id: row.id, name: row.name, last_name: row.lastName, email: row.email, role: row.role, email_verified: row.emailVerifiedAt !== null };
}

const emailTaken = () => ValidationFailed.field('email', ACCOUNT_MESSAGES.emailTaken);

/** The admin's user management (spec 2.5 items 9 and 10). Admin accounts are out of its reach. */
export function createUserService({ repository, clock, log }: { repository: UserRepository; clock: Clock; log: FastifyBaseLogger }) {
  return {
    async list(query: UsersQuery): Promise<ManagedUser[]> {
      return (await repository.list(query.role)).map(present);
    },

    async create(admin: AuthUser, input: CreateUserRequest): Promise<UserMutationResponse> {
      const errors: Record<string, string[]> = {};
      if (await repository.emailExists(input.email)) errors.email = [ACCOUNT_MESSAGES.emailTaken];
      if (isCommonPassword(input.password)) errors.password = [ACCOUNT_MESSAGES.passwordTooCommon];
      if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
      const passwordHash = await hashPassword(input.password);
      try {
        const row = await repository.create({ name: input.name, lastName: input.last_name, email: input.email, passwordHash, role: input.role, now: clock.now() });
        audit(log, 'user_created', { userId: admin.id, address: admin.address, targetUserId: row.id, role: row.role });
        return { message: ACCOUNT_MESSAGES.userRegistered, user: present(row) };
      } catch (error) {
        // Two registrations of the same address at once: the unique index decides.
        if (isEmailTaken(error)) throw emailTaken();
        throw error;
      }
    },

    async changeRole(admin: AuthUser, id: number, input: UpdateUserRoleRequest): Promise<UserMutationResponse> {
      const changed = await repository.changeRole(id, input.role, clock.now());
      if (!changed) {
        const existing = await repository.findById(id);
        if (existing?.role === 'admin') throw new Forbidden(ACCOUNT_MESSAGES.adminNotManaged);
        throw new NotFound();
      }
      audit(log, 'role_changed', {
        userId: admin.id,
        address: admin.address,
        targetUserId: changed.user.id,
        oldRole: changed.previousRole,
        newRole: changed.user.role,
      });
      return { message: ACCOUNT_MESSAGES.roleUpdated(input.role), user: present(changed.user) };
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
