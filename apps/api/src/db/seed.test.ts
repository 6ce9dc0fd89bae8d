import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { createDiskStorage } from '../lib/storage.js';
import type { Database } from './client.js';
import { regulationLinks, regulations, users } from './schema/index.js';
import { isCommonPassword, PASSWORD_MIN_LENGTH } from '@concejo/contracts';
import { DEMO_ADMIN_EMAIL, DEMO_USERS } from './demo-accounts.js';
import { assertNoDemoAccountsInProduction, DemoAccountsInProduction, seedAccounts, seedSummary } from './seed.js';
import { seedDemoRegulations } from './demo-regulations.js';
import { verifyPassword } from '../lib/passwords.js';
import { createTestDatabase } from '../test/harness.js';

const open: Database[] = [];
async function freshDatabase() {
  const db = await createTestDatabase();
  open.push(db);
  return db;
}
afterAll(() => Promise.all(open.map((db) => db.$client.end())));

describe('seedAccounts', () => {
  let db: Database;
  beforeAll(async () => {
    db = await freshDatabase();
  });

  it('creates a demo admin with a generated password and one account per other role on a fresh database', async () => {
    const report = await seedAccounts(db, { admin: undefined, demoData: true });
    expect(report.generatedAdmin?.email).toBe(DEMO_ADMIN_EMAIL);
    const rows = await db.select().from(users);
    expect(rows.map((row) => row.role).sort()).toEqual(['admin', 'asesor', 'cm', 'concejal', 'ejecutivo', 'mesa', 'user']);
    const admin = rows.find((row) => row.role === 'admin')!;
    expect(await verifyPassword(admin.passwordHash, report.generatedAdmin!.password)).toBe(true);
    const concejal = rows.find((row) => row.email === DEMO_USERS.find((demo) => demo.role === 'concejal')!.email)!;
    expect(await verifyPassword(concejal.passwordHash, report.generatedDemoPassword!)).toBe(true);
    // The password once published in the README opens nothing.
    expect(await verifyPassword(concejal.passwordHash, 'Demo-Concejo-2026')).toBe(false);
  });

  it('generates the demo password at the first start: random, within the password policy, printed once with the admin one', async () => {
    const other = await freshDatabase();
    const report = await seedAccounts(other, { admin: undefined, demoData: true });
    const password = report.generatedDemoPassword!;
    expect(password.length).toBeGreaterThanOrEqual(PASSWORD_MIN_LENGTH);
    expect(isCommonPassword(password)).toBe(false);
    expect(password).not.toBe(report.generatedAdmin!.password);
    const third = await seedAccounts(await freshDatabase(), { admin: undefined, demoData: true });
    expect(third.generatedDemoPassword).not.toBe(password);

    const summary = seedSummary(report).join('\n');
    expect(summary).toContain(report.generatedAdmin!.password);
    expect(summary.split(password)).toHaveLength(2);
    for (const demo of DEMO_USERS) expect(summary).toContain(demo.email);
    expect(summary).toContain('no se vuelve a mostrar');
    // The next start prints no password.
    expect(seedSummary(await seedAccounts(other, { admin: undefined, demoData: true }))).toEqual([]);
  });

  it('uses DEMO_PASSWORD when given, and prints only where it came from', async () => {
    const other = await freshDatabase();
    const report = await seedAccounts(other, { admin: undefined, demoData: true, demoPassword: 'Demo-Pruebas-2026' });
    expect(report.generatedDemoPassword).toBeUndefined();
    const [mesa] = await other.select().from(users).where(eq(users.email, 'mesa@concejo.test'));
    expect(await verifyPassword(mesa!.passwordHash, 'Demo-Pruebas-2026')).toBe(true);
    const summary = seedSummary(report).join('\n');
    expect(summary).not.toContain('Demo-Pruebas-2026');
    expect(summary).toContain('DEMO_PASSWORD');
  });

  it('loads a demo registry with PDFs and links when given the file storage', async () => {
    const other = await freshDatabase();
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-seed-'));
    try {
      const report = await seedAccounts(other, { admin: undefined, demoData: true }, createDiskStorage(folder));
      expect(report.demoRegulations).toBeGreaterThanOrEqual(24);
      const all = await other.select().from(regulations);
      expect(new Set(all.map((row) => row.type)).size).toBe(7);
      expect(all.filter((row) => row.isOld)).toHaveLength(3);
      expect(all.filter((row) => row.state === 'approved' && !row.pdfApproved)).toEqual([]);
      // Every kind of link, so that a newcomer sees a repealed and a partially repealed norm.
      expect((await other.select().from(regulationLinks)).map((link) => link.kind).sort()).toEqual(['modifies', 'modifies', 'partially_repeals', 'regulates', 'repeals']);
      const forces = await other.execute<{ number: number; legal_force: string }>(sql`select number, legal_force from regulations where legal_force <> 'in_force' order by number`);
      // One old norm is a scan: an image with no text layer, for OCR to read.
      const scan = all.find((row) => row.isOld && row.number === 1610)!;
      const file = await createDiskStorage(folder).read(scan.pdfApproved!);
      const bytes = Buffer.concat(await file!.stream.toArray());
      expect(bytes.includes('/DCTDecode')).toBe(true);
      expect(bytes.includes('/Font')).toBe(false);
      expect(forces.rows).toEqual([
        { number: 1502, legal_force: 'repealed' },
        { number: 2847, legal_force: 'partially_repealed' },
      ]);
      const [found] = await other.execute(sql`select count(*)::int as n from regulations where search_document @@ to_tsquery('es_unaccent', 'circulacion & camiones')`).then((result) => result.rows);
      expect(found).toEqual({ n: 1 });
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  });

  it("prints the council's calendar day in the demo PDFs, not the server's UTC day", async () => {
    const other = await freshDatabase();
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-seed-'));
    try {
      const storage = createDiskStorage(folder);
      // 22:00 on 25 July in Buenos Aires is already 26 July in UTC.
      await seedDemoRegulations(other, storage, 'America/Argentina/Buenos_Aires', new Date('2026-07-26T01:00:00Z'));
      const [row] = await other.select().from(regulations).where(eq(regulations.subject, 'Designa personal administrativo del Concejo Deliberante'));
      const file = await storage.read(row!.pdfApproved!);
      const chunks: Buffer[] = [];
      for await (const chunk of file!.stream) chunks.push(chunk as Buffer);
      // 200 days before: 6 January in Buenos Aires (7 January in UTC).
      expect(Buffer.concat(chunks).toString('latin1')).toContain('(Fecha: 6/1/2026)');
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  });

  it('adds nothing on the next start', async () => {
    const report = await seedAccounts(db, { admin: undefined, demoData: true });
    expect(report).toEqual({ demoUsers: 0 });
    expect(await db.select().from(users)).toHaveLength(7);
  });

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD, and never overwrites that admin later', async () => {
    const other = await freshDatabase();
    const admin = { email: 'Secretaria@Concejo.gob.ar', password: 'clave-inicial-larga' };
    const first = await seedAccounts(other, { admin, demoData: false });
    expect(first).toEqual({ createdAdmin: 'secretaria@concejo.gob.ar', demoUsers: 0 });
    await seedAccounts(other, { admin: { ...admin, password: 'otra-clave-distinta' }, demoData: false });
    const [row] = await other.select().from(users).where(eq(users.email, 'secretaria@concejo.gob.ar'));
    expect(row?.role).toBe('admin');
    expect(await verifyPassword(row!.passwordHash, 'clave-inicial-larga')).toBe(true);
    expect(await other.select().from(users)).toHaveLength(1);
  });
});

describe('a production start', () => {
  it('stops on a database that holds the demo accounts, naming them in Spanish and English', async () => {
    const demo = await freshDatabase();
    await seedAccounts(demo, { admin: undefined, demoData: true });
    const refused = await assertNoDemoAccountsInProduction(demo, { env: 'production' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DemoAccountsInProduction);
    const message = (refused as Error).message;
    expect(message).toContain('NODE_ENV=production');
    expect(message).toContain('cuentas de demostración');
    expect(message).toContain('demo accounts');
    expect(message).toContain('DELETE FROM users');
    for (const user of DEMO_USERS) expect(message).toContain(user.email);
    // Outside production the same database starts.
    await expect(assertNoDemoAccountsInProduction(demo, { env: 'development' })).resolves.toBeUndefined();
  });

  it('stops even when a single demo account is left, whatever its e-mail case', async () => {
    const db = await freshDatabase();
    await seedAccounts(db, { admin: { email: 'jefa@concejo.gob.ar', password: 'clave-inicial-larga' }, demoData: false });
    await expect(assertNoDemoAccountsInProduction(db, { env: 'production' })).resolves.toBeUndefined();
    await db.insert(users).values({ name: 'C', lastName: 'M', email: 'CM@Concejo.test', passwordHash: 'x', role: 'cm' });
    await expect(assertNoDemoAccountsInProduction(db, { env: 'production' })).rejects.toThrow(/CM@Concejo\.test/);
  });
});
