import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { testConfig } from '../config.js';
import { createDatabase, type Database } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { ensureDatabase } from '../db/connect.js';
import { buildLoggedInUser, buildUser, login } from '../test/factories.js';
import { createTestApp, TestClock, type TestContext } from '../test/harness.js';
import { imageForm, sampleImage } from '../test/images.js';
import { multipartForm, samplePdf } from '../test/multipart.js';
import { BackupError } from './archive.js';
import { createBackup, type BackupSettings } from './backup.js';
import { applyMigrations, knownMigrations } from './migrations.js';
import { restoreBackup } from './restore.js';

/**
 * Backup and restore with DATABASE_URL (any PostgreSQL, here the test server): the same functions the
 * CLIs call, in this process. Also what a restore does with an archive of an older or newer version.
 */

const SECRET = 'test-secret-test-secret-test-secret!';
let root: string;
let source: TestContext;
const opened: Database[] = [];

/** A new, empty database on the test server: its URL. */
async function emptyDatabase(): Promise<string> {
  const url = new URL(inject('postgresUrl'));
  const name = `restore_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(url.toString(), name);
  url.pathname = `/${name}`;
  return url.toString();
}

const settings = (databaseUrl: string, dataDir: string, appSecret?: string): BackupSettings => ({ databaseUrl, dataDir, uploadsDir: path.join(dataDir, 'uploads'), appSecret });

/**
 * The app on a restored site, as the server would build it: migrations (ours are already there; the
 * job queue's schema is not part of a backup), its secret from DATA_DIR; the source app's time.
 */
async function appOn(databaseUrl: string, dataDir: string): Promise<App> {
  const db = createDatabase(databaseUrl, { max: 2 });
  opened.push(db);
  await runMigrations(db);
  const appSecret = (await fs.readFile(path.join(dataDir, '.app-secret'), 'utf8')).trim();
  return buildApp({ config: testConfig({ uploadsDir: path.join(dataDir, 'uploads'), appSecret }), db, clock: new TestClock() });
}

async function counts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const result: Record<string, number> = {};
    for (const table of ['users', 'regulations', 'regulation_authors', 'regulation_modifications', 'news', 'day_orders', 'day_order_items', 'auth_tokens']) {
      result[table] = Number((await client.query<{ count: string }>(`select count(*) from ${table}`)).rows[0]!.count);
    }
    return result;
  } finally {
    await client.end();
  }
}

/** How many tables the site's schema and drizzle's have in the database at `url` (0: nothing restored). */
async function tablesOf(url: string): Promise<number> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      `select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'drizzle')`,
    );
    return rows[0]!.count;
  } finally {
    await client.end();
  }
}

type Manifest = { tables: { name: string; columns: string[]; rows: number }[]; sequences: { name: string; value: string | null }[]; migrations: number[] };

/** The backup of beforeAll, unpacked, changed by `edit` (its manifest, and files in its folder) and packed again. */
async function craftedArchive(name: string, edit: (manifest: Manifest, folder: string) => Promise<void> | void): Promise<string> {
  const unpacked = path.join(root, name);
  await fs.mkdir(unpacked);
  await tar.extract({ file: archive, cwd: unpacked });
  const manifest = JSON.parse(await fs.readFile(path.join(unpacked, 'manifest.json'), 'utf8')) as Manifest;
  await edit(manifest, unpacked);
  await fs.writeFile(path.join(unpacked, 'manifest.json'), JSON.stringify(manifest));
  const crafted = path.join(root, `${name}.tar.gz`);
  await tar.create({ gzip: true, file: crafted, cwd: unpacked }, await fs.readdir(unpacked));
  return crafted;
}

let asesor: Awaited<ReturnType<typeof buildUser>>;
let sourceUrl: string;
let archive: string;
let approved: { id: number; cargo: number; pdf_approved: string; pdf_process: string };

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-backup-url-'));
  source = await createTestApp({ appSecret: SECRET });
  sourceUrl = source.db.$client.options.connectionString!;
  asesor = await buildUser(source.db, { role: 'asesor' });
  const headers = { authorization: `Bearer ${await login(source.app, asesor)}` };
  const created = await source.app.inject({
    method: 'POST',
    url: '/api/v1/regulations',
    headers,
    payload: multipartForm({ type: 'ordinance', state: 'approved', number: 77, subject: 'Tránsito pesado', authors: ['Ana Rodríguez'] }, { pdf_approved: samplePdf('Ordenanza 77'), pdf_process: samplePdf('Proyecto 77') }),
  });
  expect(created.statusCode, created.body).toBe(201);
  approved = created.json();
  const cm = await buildLoggedInUser(source.app, source.db, 'cm');
  const news = await source.app.inject({
    method: 'POST',
    url: '/api/v1/news',
    headers: cm.headers,
    payload: imageForm({ status: 1, title: 'Sesión', description: '<p>Texto</p>', type: 'new' }, { image: { content: await sampleImage('png', 900, 500), type: 'image/png', name: 'a.png' } }),
  });
  expect(news.statusCode, news.body).toBe(201);
  archive = path.join(root, 'site.tar.gz');
  // The uploads folder of the test app stands in for DATA_DIR/uploads.
  await createBackup({ ...settings(sourceUrl, path.join(root, 'source'), SECRET), uploadsDir: source.uploadsDir }, archive);
});

afterAll(async () => {
  for (const db of opened) await db.$client.end();
  await source.close();
  await fs.rm(root, { recursive: true, force: true });
});

describe('restore into an empty database at DATABASE_URL', () => {
  it('rebuilds rows, files and the secret; logins, signed links and numbering carry on', async () => {
    const url = await emptyDatabase();
    const dataDir = path.join(root, 'restored');
    const { manifest } = await restoreBackup(settings(url, dataDir), archive);
    expect(manifest.appSecret).toBe(true);
    expect(await counts(url)).toEqual(await counts(sourceUrl));
    // The test server's user is a superuser: the rows were written by a role of the restore's own, gone with it.
    const client = new pg.Client(url);
    await client.connect();
    const { rows: roles } = await client.query(`select rolname from pg_roles where rolname like 'concejo\\_restore\\_%'`).finally(() => client.end());
    expect(roles).toEqual([]);
    expect((await fs.readFile(path.join(dataDir, '.app-secret'), 'utf8')).trim()).toBe(SECRET);

    const app = await appOn(url, dataDir);
    try {
      const token = await login(app, asesor);
      // A link the original site signed opens on the restored one.
      const signed = await app.inject({ url: approved.pdf_process });
      expect(signed.statusCode).toBe(200);
      expect(signed.rawPayload).toEqual((await source.app.inject({ url: approved.pdf_process })).rawPayload);
      expect((await app.inject({ url: approved.pdf_approved })).rawPayload).toEqual((await source.app.inject({ url: approved.pdf_approved })).rawPayload);
      const next = await app.inject({
        method: 'POST',
        url: '/api/v1/regulations',
        headers: { authorization: `Bearer ${token}` },
        payload: multipartForm({ type: 'resolution', subject: 'Después de restaurar', authors: ['Pedro Gil'] }),
      });
      expect(next.statusCode, next.body).toBe(201);
      expect(next.json()).toMatchObject({ id: approved.id + 1, cargo: approved.cargo + 1 });
    } finally {
      await app.close();
    }
  });

  it("with a DATABASE_URL user that is no superuser, only the database's owner, restores the same", async (context) => {
    const admin = new pg.Client(inject('postgresUrl'));
    await admin.connect();
    const owner = `concejo_owner_${randomBytes(4).toString('hex')}`;
    const url = new URL(inject('postgresUrl'));
    try {
      const { rows } = await admin.query<{ may: boolean }>('select rolsuper or rolcreaterole as may from pg_roles where rolname = current_user');
      if (!rows[0]!.may) context.skip();
      await admin.query(`create role ${owner} login password 'Duena-de-la-base-2026'`);
      await admin.query(`create database ${owner} owner ${owner}`);
      Object.assign(url, { username: owner, password: 'Duena-de-la-base-2026', pathname: `/${owner}` });
      await restoreBackup(settings(url.toString(), path.join(root, 'by-owner')), archive);
      expect(await counts(url.toString())).toEqual(await counts(sourceUrl));
    } finally {
      await admin.query(`drop database if exists ${owner} with (force)`);
      await admin.query(`drop role if exists ${owner}`);
      await admin.end();
    }
  });

  it('refuses a database that is not empty and leaves DATA_DIR and the database as they were', async () => {
    const dataDir = path.join(root, 'into-used');
    const before = await counts(sourceUrl);
    await expect(restoreBackup(settings(sourceUrl, dataDir), archive)).rejects.toThrow(/^la base de datos de destino no está vacía \(tiene \d+ tablas y migraciones aplicadas\)/);
    expect(await fs.readdir(dataDir)).toEqual([]);
    expect(await counts(sourceUrl)).toEqual(before);
  });

  it('a restore that fails halfway leaves the database empty, so it can be run again', async () => {
    const url = await emptyDatabase();
    const dataDir = path.join(root, 'halfway');
    // A file that cannot be put in place: the uploads folder is a file.
    await fs.mkdir(dataDir);
    const broken = { ...settings(url, dataDir), uploadsDir: path.join(dataDir, 'backups') };
    await fs.writeFile(broken.uploadsDir, 'not a folder');
    await expect(restoreBackup(broken, archive)).rejects.toThrow();
    expect(await tablesOf(url)).toBe(0);

    await fs.rm(broken.uploadsDir);
    await restoreBackup(settings(url, dataDir), archive);
    expect(await counts(url)).toEqual(await counts(sourceUrl));
  });
});

describe('archives of other versions', () => {
  it('an older archive is loaded into its own schema, then taken through the newer migrations', async () => {
    // A site three migrations old: regulations had no author_search and no search documents yet.
    const oldUrl = await emptyDatabase();
    const client = new pg.Client(oldUrl);
    await client.connect();
    await client.query('begin');
    await applyMigrations(client, knownMigrations().slice(0, 3));
    const { rows } = await client.query<{ id: number }>(`insert into regulations (type, subject, state) values ('ordinance', 'Arbolado urbano', 'process') returning id`);
    await client.query(`insert into regulation_authors (regulation_id, position, name) values ($1, 0, 'José Muñoz')`, [rows[0]!.id]);
    await client.query('commit');
    await client.end();
    const oldArchive = path.join(root, 'old.tar.gz');
    const { manifest } = await createBackup(settings(oldUrl, path.join(root, 'old')), oldArchive);
    expect(manifest.migrations).toHaveLength(3);

    const url = await emptyDatabase();
    await restoreBackup(settings(url, path.join(root, 'from-old')), oldArchive);
    const restored = new pg.Client(url);
    await restored.connect();
    const row = (await restored.query<{ author_search: string; searchable: boolean; migrations: number }>(
      `select author_search, search_document is not null as searchable, (select count(*)::int from drizzle.__drizzle_migrations) as migrations from regulations`,
    )).rows[0]!;
    await restored.end();
    // 0003 filled author_search and 0005 built the search document from the restored rows.
    expect(row).toEqual({ author_search: 'jose munoz', searchable: true, migrations: knownMigrations().length });
  });

  it('refuses an archive made by a newer version, before touching anything', async () => {
    const newer = await craftedArchive('newer', (manifest) => {
      manifest.migrations.push(manifest.migrations.at(-1)! + 1000);
    });

    const url = await emptyDatabase();
    const dataDir = path.join(root, 'from-newer');
    await expect(restoreBackup(settings(url, dataDir), newer)).rejects.toThrow(/versión más nueva del sistema/);
    expect(await fs.readdir(dataDir)).toEqual([]);
  });
});

/** The SCRAM verifier of the password 'Clave-conocida-2026', as PostgreSQL stores it in pg_authid. */
const KNOWN_PASSWORD_VERIFIER = 'SCRAM-SHA-256$4096:7eUq4BBHNU3n8JG0sHeE9g==$G6Z6h4saBT8G5x/Kpt1Gn7UVCGsAebCoJO+DhNOtw1I=:5KCqYeKVI1Mn1paOHej8WdDchD07yM5mDtWhZ6fLtx8=';

/** What a crafted archive would add to pg_authid: a superuser `role` that logs in with a known password, as one COPY text line. */
async function superuserRow(role: string): Promise<{ columns: string[]; line: string }> {
  const client = new pg.Client(inject('postgresUrl'));
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select attname as name from pg_attribute where attrelid = 'pg_catalog.pg_authid'::regclass and attnum > 0 and not attisdropped order by attnum`,
    );
    const columns = rows.map(({ name }) => name);
    const values: Record<string, string> = { oid: String(3_000_000_000 + randomInt(1_000_000)), rolname: role, rolconnlimit: '-1', rolpassword: KNOWN_PASSWORD_VERIFIER, rolvaliduntil: '\\N' };
    // Every other column is one of the role's powers (rolsuper, rolcanlogin, ...): all granted.
    return { columns, line: `${columns.map((name) => values[name] ?? 't').join('\t')}\n` };
  } finally {
    await client.end();
  }
}

describe('archives that name what the site does not have', () => {
  const intruder = `intruso_${randomBytes(4).toString('hex')}`;
  let authid: { columns: string[]; line: string };

  beforeAll(async () => {
    authid = await superuserRow(intruder);
  });

  async function intruderExists(): Promise<boolean> {
    const client = new pg.Client(inject('postgresUrl'));
    await client.connect();
    try {
      return (await client.query('select 1 from pg_roles where rolname = $1', [intruder])).rowCount === 1;
    } finally {
      await client.end();
    }
  }

  /** An edit that adds a table to the archive: its manifest entry and its rows. */
  const withTable = (name: string, columns: string[], rows = '') => async (manifest: Manifest, folder: string) => {
    manifest.tables.push({ name, columns, rows: rows.split('\n').length - 1 });
    await fs.writeFile(path.join(folder, 'database', `${name}.tsv`), rows);
  };

  /** The crafted archive is refused with `message`, and the new database and DATA_DIR stay empty. */
  async function expectRefused(crafted: string, message: string): Promise<void> {
    const url = await emptyDatabase();
    const dataDir = `${crafted}.restored`;
    await expect(restoreBackup(settings(url, dataDir), crafted)).rejects.toThrow(new BackupError(message));
    expect(await fs.readdir(dataDir)).toEqual([]);
    expect(await tablesOf(url)).toBe(0);
    expect(await intruderExists()).toBe(false);
  }

  it.each([
    ['pg_authid', 'pg_authid'],
    ['pg_catalog.pg_authid', '"pg_catalog.pg_authid"'],
  ])('refuses an archive that adds a superuser through %s: nothing is written, no role is made', async (name, shown) => {
    const crafted = await craftedArchive(`authid-${randomBytes(4).toString('hex')}`, withTable(name, authid.columns, authid.line));
    await expectRefused(crafted, `la copia nombra una tabla que el sitio no tiene (${shown}); no se restauró nada`);
  });

  it('refuses a table name with a quote and SQL in it', async () => {
    const name = 'users"; drop table users; --';
    const crafted = await craftedArchive('quoted-name', withTable(name, ['id']));
    await expectRefused(crafted, `la copia nombra una tabla que el sitio no tiene ("users\\"; drop table users; --"); no se restauró nada`);
  });

  it('refuses a table the migrations do not create', async () => {
    const crafted = await craftedArchive('unknown-table', withTable('intrusos', ['id'], '1\n'));
    await expectRefused(crafted, 'la copia nombra una tabla que el sitio no tiene (intrusos); no se restauró nada');
  });

  it('refuses a table named twice', async () => {
    const crafted = await craftedArchive('twice', (manifest) => {
      manifest.tables.push({ ...manifest.tables.find((table) => table.name === 'users')!, rows: 0 });
    });
    await expectRefused(crafted, 'la copia nombra dos veces la tabla users; no se restauró nada');
  });

  it("refuses a column list that is not the table's", async () => {
    const crafted = await craftedArchive('columns', (manifest) => {
      const users = manifest.tables.find((table) => table.name === 'users')!;
      users.columns = [...users.columns.filter((column) => column !== 'email'), 'rolsuper'];
    });
    await expectRefused(crafted, 'las columnas de la tabla users en la copia no son las del sitio (sobran: rolsuper; faltan: email); no se restauró nada');
  });

  it('refuses a sequence the site does not have', async () => {
    const crafted = await craftedArchive('sequence', (manifest) => {
      manifest.sequences.push({ name: 'pg_catalog.intrusos_id_seq', value: '7' });
    });
    await expectRefused(crafted, 'la copia nombra una secuencia que el sitio no tiene ("pg_catalog.intrusos_id_seq"); no se restauró nada');
  });
});
