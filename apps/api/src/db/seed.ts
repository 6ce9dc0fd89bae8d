import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { Role } from '@concejo/contracts';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, DEMO_USERS } from './demo-accounts.js';
import type { Config } from '../config.js';
import { hashPassword } from '../lib/passwords.js';
import type { Storage } from '../lib/storage.js';
import type { Database } from './client.js';
import { seedDemoRegulations } from './demo-regulations.js';
import { seedDemoContent } from './demo-content.js';
import { users } from './schema/index.js';

export interface SeedReport {
  /** Set only when a demo admin was created with a generated password: shown once, never stored. */
  generatedAdmin?: { email: string; password: string };
  createdAdmin?: string;
  demoUsers: number;
  demoRegulations?: number;
  /** Banners and news of the demo home page. */
  demoContent?: { banners: number; news: number };
}

/**
 * Makes sure the council can log in: the admin of ADMIN_EMAIL/ADMIN_PASSWORD when given (created if
 * missing, never overwritten), otherwise on a fresh database a demo admin with a generated password;
 * with demo data on, a fresh database also gets one account per role and, given the file storage, a
 * demo registry of regulations.
 */
export async function seedAccounts(
  db: Database,
  config: Pick<Config, 'admin' | 'demoData'> & { council?: Pick<Config['council'], 'town' | 'name' | 'timeZone'> },
  storage?: Storage,
): Promise<SeedReport> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users);
  const fresh = total === 0;
  const report: SeedReport = { demoUsers: 0 };

  if (config.admin) {
    const email = config.admin.email.toLowerCase();
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email));
    if (!existing) {
      await insertUser(db, { role: 'admin', email, name: 'Administración', lastName: 'Concejo' }, config.admin.password);
      report.createdAdmin = email;
    }
  } else if (fresh) {
    const password = randomBytes(12).toString('base64url');
    await insertUser(db, { role: 'admin', email: DEMO_ADMIN_EMAIL, name: 'Administración', lastName: 'Concejo' }, password);
    report.generatedAdmin = { email: DEMO_ADMIN_EMAIL, password };
  }

  if (fresh && config.demoData) {
    for (const demo of DEMO_USERS) {
      await insertUser(db, demo, DEMO_PASSWORD, { verified: true });
    }
    report.demoUsers = DEMO_USERS.length;
    if (storage) report.demoRegulations = await seedDemoRegulations(db, storage, config.council?.timeZone);
    if (storage) {
      report.demoContent = await seedDemoContent(db, storage, { town: config.council?.town ?? 'Villa del Parque', councilName: config.council?.name ?? 'Concejo Deliberante' });
    }
  }
  return report;
}

async function insertUser(
  db: Database,
  user: { role: Role; email: string; name: string; lastName: string },
  password: string,
  options: { verified?: boolean } = {},
): Promise<void> {
  await db
    .insert(users)
    .values({ ...user, passwordHash: await hashPassword(password), emailVerifiedAt: options.verified ? new Date() : null })
    .onConflictDoNothing();
}
