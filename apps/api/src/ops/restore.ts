import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import * as tar from 'tar';
import { assertSiteData, BackupError, Cleanups, parseManifest, sha256Of, type BackupManifest } from './archive.js';
import { createConfiguredStorage } from '../lib/storage.js';
import type { BackupSettings } from './backup.js';
import { applyMigrations, knownMigrations, type Migration } from './migrations.js';
import { openSiteDatabase } from './site-database.js';
import { inSiteSchema, readSiteSchema, type SiteSchema } from './site-schema.js';

/**
 * `npm run restore -- <file>`: rebuilds a site from a backup into an empty DATA_DIR (its embedded
 * PostgreSQL made anew, with a new password) or into an empty database at DATABASE_URL. The schema
 * comes from the migrations: those the backed-up site had, then its rows, then any newer ones (so an
 * older backup's rows go through the same data migrations a running site's would). Schema and rows
 * are one transaction: a failed restore leaves the database empty and DATA_DIR as it found it.
 */

/** What may already be in the DATA_DIR a restore goes into: archives, and a mounted disk's lost+found. */
const ALLOWED_IN_EMPTY_DATA_DIR = new Set(['backups', 'lost+found']);

export interface RestoreResult {
  manifest: BackupManifest;
  /** The server's own APP_SECRET differs from the archive's: links signed before the backup will not verify. */
  secretOverridden: boolean;
}

export async function restoreBackup(config: BackupSettings, file: string, { cleanups = new Cleanups() } = {}): Promise<RestoreResult> {
  const archive = path.resolve(file);
  if (!(await fs.stat(archive).catch(() => undefined))?.isFile()) throw new BackupError(`no existe el archivo ${archive}`);
  const present = await assertEmptyDataDir(config.dataDir, archive);
  await fs.mkdir(config.dataDir, { recursive: true });
  // Whatever this restore adds to DATA_DIR goes again if it fails or is interrupted.
  const undo = async () => {
    for (const entry of await fs.readdir(config.dataDir)) {
      if (!present.has(entry)) await fs.rm(path.join(config.dataDir, entry), { recursive: true, force: true, maxRetries: 3 });
    }
  };
  const forgetUndo = cleanups.add(undo);
  let restored = false;
  try {
    const staging = path.join(config.dataDir, `.restore-${randomBytes(6).toString('hex')}`);
    const manifest = await unpack(archive, staging);
    const migrations = knownMigrations();
    const archived = manifest.migrations;
    if (archived.length > migrations.length || archived.some((created, index) => migrations[index]!.folderMillis !== created)) {
      throw new BackupError('la copia es de una versión más nueva del sistema: actualice el sistema a esa versión (o una posterior) y vuelva a restaurar');
    }

    let secret: string | undefined;
    const database = await openSiteDatabase(config, { create: true });
    const forgetDatabase = cleanups.add(database.close);
    try {
      await loadDatabase(database.url, staging, manifest, migrations, async () => {
        // Inside the transaction: if the files cannot be put in place, the rows are not committed.
        // Into the bucket when the site keeps its files there (S3_BUCKET); objects of a restore that
        // fails after this are named by no record, and the orphan sweep removes them within the hour.
        const bucket = config.s3 ? await createConfiguredStorage(config) : undefined;
        for (const entry of manifest.files) {
          const staged = path.join(staging, 'uploads', entry.key);
          if (bucket) await bucket.putAt(entry.key, createReadStream(staged));
          else await moveInto(staged, path.join(config.uploadsDir, entry.key));
        }
        if (manifest.appSecret) {
          secret = (await fs.readFile(path.join(staging, 'secrets', 'app-secret'), 'utf8')).trim();
          // The site's own secret: links it signed (private PDFs, e-mail verification) keep working.
          await fs.writeFile(path.join(config.dataDir, '.app-secret'), `${secret}\n`, { mode: 0o600 });
        }
      });
    } finally {
      forgetDatabase();
      await database.close();
    }

    await fs.rm(staging, { recursive: true, force: true });
    restored = true;
    return { manifest, secretOverridden: secret !== undefined && config.appSecret !== undefined && config.appSecret !== secret };
  } finally {
    forgetUndo();
    if (!restored) await undo();
  }
}

/** The entries DATA_DIR already has (only those a restore may find there); refuses any other. */
async function assertEmptyDataDir(dataDir: string, archive: string): Promise<Set<string>> {
  const entries = await fs.readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const others = entries.filter((entry) => !ALLOWED_IN_EMPTY_DATA_DIR.has(entry) && path.join(dataDir, entry) !== archive);
  if (others.length > 0) {
    const shown = others.slice(0, 4).join(', ') + (others.length > 4 ? ', ...' : '');
    throw new BackupError(`DATA_DIR (${dataDir}) no está vacía (tiene ${shown}): la restauración arma el sitio en una carpeta vacía; indique otra en DATA_DIR o vacíe esa`);
  }
  return new Set(entries);
}

/** Unpacks the archive into `staging` and checks it whole: its manifest, every table and every file's checksum. */
async function unpack(archive: string, staging: string): Promise<BackupManifest> {
  try {
    // Read through once before writing anything: a cut or damaged archive fails here, not halfway.
    await tar.list({ file: archive, strict: true });
  } catch (error) {
    throw new BackupError(`${archive} está dañado o no es una copia de seguridad (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  await fs.mkdir(staging, { recursive: true });
  // Regular files and folders only: a link in an archive could point anywhere.
  await tar.extract({ file: archive, cwd: staging, strict: true, filter: (_path, entry) => 'type' in entry && ['File', 'Directory'].includes(entry.type) });
  const manifest = parseManifest(await fs.readFile(path.join(staging, 'manifest.json'), 'utf8').catch(() => ''));
  if (!manifest) throw new BackupError(`${archive} no es una copia de seguridad de este sistema (o es de un formato que esta versión no lee)`);
  // Names fit for a file and a table before either is looked for; the site's tables are checked once migrated.
  assertSiteData(manifest);
  for (const table of manifest.tables) {
    if (!existsSync(path.join(staging, 'database', `${table.name}.tsv`))) throw new BackupError(`la copia está incompleta: falta la tabla ${table.name}`);
  }
  for (const entry of manifest.files) {
    const staged = path.join(staging, 'uploads', entry.key);
    const size = (await fs.stat(staged).catch(() => undefined))?.size;
    if (size !== entry.bytes || (await sha256Of(staged)) !== entry.sha256) throw new BackupError(`la copia está dañada: el archivo ${entry.key} no es el que se guardó`);
  }
  if (manifest.appSecret && !existsSync(path.join(staging, 'secrets', 'app-secret'))) throw new BackupError('la copia está incompleta: falta la clave del servidor');
  return manifest;
}

/** Schema, rows, sequences and `inside()` in one transaction, on a database that must be empty. */
async function loadDatabase(url: string, staging: string, manifest: BackupManifest, migrations: Migration[], inside: () => Promise<void>): Promise<void> {
  const client = new pg.Client(url);
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('begin');
    // As the server's migrations do: a server starting meanwhile waits for this restore.
    await client.query(`select pg_advisory_xact_lock(hashtext('concejo:migrations'))`);
    await assertEmptyDatabase(client);
    await applyMigrations(client, migrations.slice(0, manifest.migrations.length));
    // The archive names tables; only those these migrations made are written, and nothing if it names another.
    const site = await readSiteSchema(client);
    assertSiteData(manifest, site);
    await client.query('set local search_path to pg_catalog, public');
    await asRestrictedRole(client, site, async () => {
      for (const table of manifest.tables) {
        const list = table.columns.map((column) => client.escapeIdentifier(column)).join(', ');
        const copy = client.query(copyFrom(`copy ${inSiteSchema(table.name)} (${list}) from stdin`));
        try {
          await pipeline(createReadStream(path.join(staging, 'database', `${table.name}.tsv`)), copy);
        } catch (error) {
          throw new BackupError(`no se pudo cargar la tabla ${table.name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
        }
        if (copy.rowCount !== table.rows) throw new BackupError(`la copia está dañada: la tabla ${table.name} tiene ${copy.rowCount} filas y debía tener ${table.rows}`);
      }
      for (const sequence of manifest.sequences) {
        if (sequence.value !== null) await client.query('select setval($1::regclass, $2::bigint, true)', [inSiteSchema(sequence.name), sequence.value]);
      }
    });
    // The newer migrations as the server would run them.
    await client.query('set local search_path to default');
    await applyMigrations(client, migrations.slice(manifest.migrations.length));
    await inside();
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The rows are written by a role made for this restore, inside its transaction: no superuser, no login,
 * owner of nothing, allowed only to read and write the site's tables (their triggers read and update
 * others of them) and to set its sequences. When the connection is a superuser (the embedded
 * PostgreSQL; a DATABASE_URL with one), so that no row, whatever the archive says, is written with
 * its powers. Without them (a DATABASE_URL user that is no superuser) that user writes, as the server
 * does. The role is dropped before the commit: none outlives the restore, and a failed one rolls it back.
 */
async function asRestrictedRole(client: pg.Client, site: SiteSchema, write: () => Promise<void>): Promise<void> {
  const { rows } = await client.query<{ superuser: boolean }>('select rolsuper as superuser from pg_roles where rolname = current_user');
  if (!rows[0]?.superuser) return write();
  const role = client.escapeIdentifier(`concejo_restore_${randomBytes(6).toString('hex')}`);
  const qualified = (names: Iterable<string>) => [...names].map(inSiteSchema).join(', ');
  await client.query(`create role ${role} nologin nosuperuser noinherit nocreatedb nocreaterole noreplication nobypassrls`);
  await client.query(`grant usage on schema public to ${role}`);
  if (site.tables.size > 0) await client.query(`grant select, insert, update on table ${qualified(site.tables.keys())} to ${role}`);
  if (site.sequences.size > 0) await client.query(`grant usage, select, update on sequence ${qualified(site.sequences.keys())} to ${role}`);
  await client.query(`set local role ${role}`);
  await write();
  await client.query('reset role');
  // Its grants go with it (drop owned revokes them; it owns nothing).
  await client.query(`drop owned by ${role}`);
  await client.query(`drop role ${role}`);
}

/** Empty: no relation at all in the `public` schema (whoever owns it), no migrations applied. */
async function assertEmptyDatabase(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ tables: number; migrated: boolean }>(
    `select (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')) as tables,
            to_regclass('drizzle.__drizzle_migrations') is not null as migrated`,
  );
  const { tables, migrated } = rows[0]!;
  if (tables > 0 || migrated) {
    throw new BackupError(`la base de datos de destino no está vacía (tiene ${tables} tablas${migrated ? ' y migraciones aplicadas' : ''}): la restauración necesita una base vacía`);
  }
}

/** Puts a file in place, by rename (same disk: the staging folder is in DATA_DIR) or by copy. */
async function moveInto(source: string, target: string): Promise<void> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  try {
    await fs.rename(source, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await fs.copyFile(source, target);
  }
}
