import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Role } from '@concejo/contracts';
import { DEMO_ADMIN_EMAIL, DEMO_USERS } from './demo-accounts.js';
import { demoContact, type Config } from '../config.js';
import { generatePassword, hashPassword } from '../lib/passwords.js';
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
  /** The demo accounts' password when it was generated (no DEMO_PASSWORD): shown once, never stored. */
  generatedDemoPassword?: string;
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
  config: Pick<Config, 'admin' | 'demoData'> & {
    demoPassword?: string | undefined;
    council?: Pick<Config['council'], 'town' | 'name' | 'timeZone'>;
    contact?: Config['contact'];
  },
  storage?: Storage,
): Promise<SeedReport> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users);
  const fresh = total === 0;
  const report: SeedReport = { demoUsers: 0 };

  if (config.admin) {
    const email = config.admin.email.toLowerCase();
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email));
    if (!existing) {
      await insertUser(db, { role: 'admin', email, name: 'Administración', lastName: 'Concejo' }, await hashPassword(config.admin.password));
      report.createdAdmin = email;
    }
  } else if (fresh) {
    const password = generatePassword();
    await insertUser(db, { role: 'admin', email: DEMO_ADMIN_EMAIL, name: 'Administración', lastName: 'Concejo' }, await hashPassword(password));
    report.generatedAdmin = { email: DEMO_ADMIN_EMAIL, password };
  }

  if (fresh && config.demoData) {
    // One password for the six accounts, so that a tester can switch roles; never a published one.
    const password = config.demoPassword ?? generatePassword();
    if (!config.demoPassword) report.generatedDemoPassword = password;
    const passwordHash = await hashPassword(password);
    for (const demo of DEMO_USERS) {
      await insertUser(db, demo, passwordHash, { verified: true });
    }
    report.demoUsers = DEMO_USERS.length;
    if (storage) report.demoRegulations = await seedDemoRegulations(db, storage, config.council?.timeZone);
    if (storage) {
      const town = config.council?.town ?? 'Villa del Parque';
      report.demoContent = await seedDemoContent(db, storage, { town, councilName: config.council?.name ?? 'Concejo Deliberante', contact: config.contact ?? demoContact(town) });
    }
  }
  return report;
}

async function insertUser(
  db: Database,
  user: { role: Role; email: string; name: string; lastName: string },
  passwordHash: string,
  options: { verified?: boolean } = {},
): Promise<void> {
  await db
    .insert(users)
    .values({ ...user, passwordHash, emailVerifiedAt: options.verified ? new Date() : null })
    .onConflictDoNothing();
}

/** What a start that seeded something prints once: the generated passwords are never shown again. */
export function seedSummary(report: SeedReport): string[] {
  const lines: string[] = [];
  if (report.generatedAdmin) {
    lines.push(
      'Se creó un administrador de demostración (esta contraseña no se vuelve a mostrar):',
      `  email:       ${report.generatedAdmin.email}`,
      `  contraseña:  ${report.generatedAdmin.password}`,
    );
  }
  if (report.createdAdmin) lines.push(`Se creó el administrador ${report.createdAdmin} (ADMIN_EMAIL).`);
  if (report.demoUsers > 0) {
    if (lines.length) lines.push('');
    if (report.generatedDemoPassword) {
      lines.push(
        'Cuentas de demostración, una por rol (esta contraseña no se vuelve a mostrar):',
        `  contraseña:  ${report.generatedDemoPassword}`,
      );
    } else {
      lines.push('Cuentas de demostración, una por rol (contraseña: la de DEMO_PASSWORD):');
    }
    for (const user of DEMO_USERS) lines.push(`  ${user.role.padEnd(10)} ${user.email}`);
  }
  if (report.demoRegulations) lines.push('', `Se cargaron ${report.demoRegulations} normativas de demostración.`);
  if (report.demoContent) {
    lines.push(`Se cargaron ${report.demoContent.banners} banners y ${report.demoContent.news} noticias de demostración para la página de inicio.`);
  }
  return lines;
}

/** The demo accounts a database holds (their e-mails), whatever their passwords became. */
export async function findDemoAccounts(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, DEMO_USERS.map((user) => user.email)));
  return rows.map((row) => row.email).sort();
}

/** A production start stops here rather than serve accounts whose e-mails and role are public. */
export class DemoAccountsInProduction extends Error {
  constructor(readonly emails: string[]) {
    const remove = `DELETE FROM users WHERE lower(email) IN (${emails.map((email) => `'${email}'`).join(', ')});`;
    super(
      [
        `La base de datos tiene las cuentas de demostración (${emails.join(', ')}) y este es un arranque de producción (NODE_ENV=production): el servidor no se inicia.`,
        `Bórrelas (lo que crearon queda, sin autor: ${remove}) o use una base de datos nueva con DEMO_DATA=false.`,
        `The database holds the demo accounts (${emails.join(', ')}) and this is a production start (NODE_ENV=production): the server will not serve them.`,
        'Delete them (what they created stays, without its author) with the SQL above, or start on a fresh database with DEMO_DATA=false.',
      ].join('\n'),
    );
    this.name = 'DemoAccountsInProduction';
  }
}

/** Refuses a production start on a database with demo accounts (a demo database promoted by mistake). */
export async function assertNoDemoAccountsInProduction(db: Database, config: Pick<Config, 'env'>): Promise<void> {
  if (config.env !== 'production') return;
  const found = await findDemoAccounts(db);
  if (found.length > 0) throw new DemoAccountsInProduction(found);
}
