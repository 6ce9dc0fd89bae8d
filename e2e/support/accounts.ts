import type { Role } from '@concejo/contracts';
import { DEMO_USERS } from '../../apps/api/src/db/demo-accounts';

/** The admin the e2e server is started with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const E2E_ADMIN = { email: 'admin@concejo.test', password: 'Admin-E2E-2026' };

/** The demo accounts' password the e2e server is started with (DEMO_PASSWORD; a real start generates one). */
export const E2E_DEMO_PASSWORD = 'Demo-E2E-Concejo-2026';

/** A login for each of the seven roles: the e2e admin plus the demo accounts of a fresh database. */
export const ACCOUNTS: Record<Role, { email: string; password: string; name: string; lastName: string }> = {
  admin: { ...E2E_ADMIN, name: 'Administración', lastName: 'Concejo' },
  ...(Object.fromEntries(
    DEMO_USERS.map((user) => [user.role, { email: user.email, password: E2E_DEMO_PASSWORD, name: user.name, lastName: user.lastName }]),
  ) as Record<Exclude<Role, 'admin'>, { email: string; password: string; name: string; lastName: string }>),
};
