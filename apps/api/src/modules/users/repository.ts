import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { AssignableRole, Role } from '@concejo/contracts';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { authTokens, users } from '../../db/schema/index.js';

const columns = {
  id: users.id,
  name: users.name,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  emailVerifiedAt: users.emailVerifiedAt,
};

export type ManagedUserRow = { id: number; name: string; lastName: string; email: string; role: (typeof users.$inferSelect)['role']; emailVerifiedAt: Date | null };

export interface NewUser {
  name: string;
  lastName: string;
  email: string;
  passwordHash: string;
  role: AssignableRole;
  now: Date;
}

/** PostgreSQL's unique_violation on the lower(email) index: someone registered the address first. */
export function isEmailTaken(error: unknown): boolean {
  return isUniqueViolation(error, 'users_email_lower_key');
}

export function createUserRepository(db: Database) {
  return {
    /** Every account but the admins, by last name and name. */
    async list(role: AssignableRole | undefined): Promise<ManagedUserRow[]> {
      return db
        .select(columns)
        .from(users)
        .where(and(ne(users.role, 'admin'), role ? eq(users.role, role) : undefined))
        .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.name})`), asc(users.id));
    },

    async findById(id: number): Promise<ManagedUserRow | undefined> {
      const [row] = await db.select(columns).from(users).where(eq(users.id, id));
      return row;
    },

    async emailExists(email: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      return row !== undefined;
    },

    /** The address is stored lower-cased (the unique index is on lower(email) too). */
    async create(user: NewUser): Promise<ManagedUserRow> {
      const [row] = await db
        .insert(users)
        .values({
          name: user.name,
          lastName: user.lastName,
          email: user.email.toLowerCase(),
          passwordHash: user.passwordHash,
          role: user.role,
          createdAt: user.now,
          updatedAt: user.now,
        })
        .returning(columns);
      return row!;
    },

    /**
     * Changes a non-admin's role and ends their sessions, so that the next request of a demoted
     * account cannot act on what the browser still believes. Gives the account and the role it had
     * (for the audit log); undefined when no such non-admin exists.
     */
    async changeRole(id: number, role: AssignableRole, now: Date): Promise<{ user: ManagedUserRow; previousRole: Role } | undefined> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ role: users.role })
          .from(users)
          .where(and(eq(users.id, id), ne(users.role, 'admin')))
          .for('update');
        if (!current) return undefined;
        const [row] = await tx.update(users).set({ role, updatedAt: now }).where(eq(users.id, id)).returning(columns);
        await tx.delete(authTokens).where(eq(authTokens.userId, id));
        return { user: row!, previousRole: current.role };
      });
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
