import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import * as tar from 'tar';
import type { Config } from '../config.js';
import { createDatabase } from '../db/client.js';
import { EMBEDDED_DATABASE, ensureDatabase } from '../db/connect.js';
import { runMigrations } from '../db/migrate.js';
import { isAlive } from '../lib/processes.js';
import { readOrCreateSecret } from '../lib/secret-file.js';

/**
 * `npm run backup` and `npm run restore`: one archive (.tar.gz) with the database (each table in
 * PostgreSQL's COPY text format, read in one snapshot), the uploaded files and the server's secret.
 * No pg_dump: the embedded PostgreSQL ships none, and Debian's refuses a newer server. The schema is
 * not in the archive: a restore builds it from the migrations, then loads the rows.
 */

export const BACKUP_FORMAT = 'concejo-backup';
export const BACKUP_VERSION = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  /** Migrations applied to the database it came from. */
  migrations: number;
  tables: { name: string; columns: string[]; rows: number }[];
  sequences: { name: string; value: string | null }[];
  files: { key: string; bytes: number; sha256: string }[];
  /** Whether the archive holds the server's secret (`$DATA_DIR/.app-secret`). */
  appSecret: boolean;
}

type Settings = Pick<Config, 'databaseUrl' | 'dataDir' | 'uploadsDir' | 'appSecret'>;

/** A connection string to the site's database and what to do when done with it. */
async function openDatabase(config: Settings, { create }: { create: boolean }): Promise<{ url: string; close: () => Promise<void> }> {
  if (config.databaseUrl) return { url: config.databaseUrl, close: async () => undefined };
  const directory = path.join(config.dataDir, 'postgres');
  const running = await runningEmbedded(config.dataDir);
  if (running) return { url: running, close: async () => undefined };
  if (!create && !existsSync(path.join(directory, 'PG_VERSION'))) throw new Error(`No hay base de datos en ${directory}.`);
  const { startEmbeddedPostgres } = await import('../db/embedded.js');
  const server = await startEmbeddedPostgres(directory);
  await ensureDatabase(server.url(), EMBEDDED_DATABASE);
  return { url: server.url(EMBEDDED_DATABASE), close: () => server.stop() };
}

/** The embedded PostgreSQL of a server running now on this DATA_DIR: its port is in postmaster.pid. */
async function runningEmbedded(dataDir: string): Promise<string | undefined> {
  try {
    const lines = (await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (!pid || !port || !isAlive(pid)) return undefined;
    const password = (await fs.readFile(path.join(dataDir, '.postgres-password'), 'utf8')).trim();
    return `postgres://concejo:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
  } catch {
    return undefined;
  }
}

/** The site's tables, parents before children (as their foreign keys require to load them). */
async function tablesInLoadOrder(client: pg.Client): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const { rows: links } = await client.query<{ child: string; parent: string }>(
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public' and c.conrelid <> c.confrelid`,
  );
  const parents = new Map(tables.map((table) => [table.name, new Set<string>()]));
  for (const link of links) parents.get(link.child.replaceAll('"', ''))?.add(link.parent.replaceAll('"', ''));
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const parent of parents.get(name) ?? []) visit(parent, path);
    ordered.push(name);
  };
  for (const table of tables) visit(table.name, new Set());
  return ordered;
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Every file under the uploads folder, as storage keys (`folder/name`). */
async function uploadedKeys(uploadsDir: string): Promise<string[]> {
  const entries = await fs.readdir(uploadsDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.partial'))
    .map((entry) => path.relative(uploadsDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Links (or copies) a file into the staging folder, without a second copy where the disk allows. */
async function stageFile(source: string, target: string): Promise<void> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.link(source, target).catch(() => fs.copyFile(source, target));
}

/** Writes the archive to `file` (a .tar.gz); answers its manifest. */
export async function createBackup(config: Settings, file: string): Promise<BackupManifest> {
  const staging = path.join(config.dataDir, `.backup-${randomBytes(6).toString('hex')}`);
  await fs.mkdir(path.join(staging, 'database'), { recursive: true });
  const database = await openDatabase(config, { create: false });
  try {
    // Files first, then the database's snapshot, then any file the snapshot uses that arrived meanwhile.
    const keys = new Set(await uploadedKeys(config.uploadsDir));
    for (const key of keys) await stageFile(path.join(config.uploadsDir, key), path.join(staging, 'uploads', key));

    const client = new pg.Client(database.url);
    await client.connect();
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      migrations: 0,
      tables: [],
      sequences: [],
      files: [],
      appSecret: false,
    };
    try {
      await client.query('begin isolation level repeatable read read only');
      manifest.migrations = Number((await client.query<{ count: string }>('select count(*) from drizzle.__drizzle_migrations')).rows[0]!.count);
      for (const name of await tablesInLoadOrder(client)) {
        const { rows: columns } = await client.query<{ name: string }>(
          `select column_name as name from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
          [name],
        );
        const list = columns.map((column) => client.escapeIdentifier(column.name)).join(', ');
        const rows = Number((await client.query<{ count: string }>(`select count(*) from ${client.escapeIdentifier(name)}`)).rows[0]!.count);
        await pipeline(client.query(copyTo(`copy ${client.escapeIdentifier(name)} (${list}) to stdout`)), createWriteStream(path.join(staging, 'database', `${name}.tsv`)));
        manifest.tables.push({ name, columns: columns.map((column) => column.name), rows });
      }
      const { rows: sequences } = await client.query<{ name: string; value: string | null }>(
        `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by 1`,
      );
      manifest.sequences = sequences;
      const referenced = await client.query<{ key: string }>(REFERENCED_KEYS);
      for (const { key } of referenced.rows) {
        if (keys.has(key) || !existsSync(path.join(config.uploadsDir, key))) continue;
        await stageFile(path.join(config.uploadsDir, key), path.join(staging, 'uploads', key));
        keys.add(key);
      }
      await client.query('commit');
    } finally {
      await client.end();
    }

    for (const key of [...keys].sort()) {
      const staged = path.join(staging, 'uploads', key);
      manifest.files.push({ key, bytes: (await fs.stat(staged)).size, sha256: await sha256Of(staged) });
    }
    const secret = config.appSecret ?? (await fs.readFile(path.join(config.dataDir, '.app-secret'), 'utf8').catch(() => '')).trim();
    if (secret) {
      await fs.mkdir(path.join(staging, 'secrets'), { recursive: true });
      await fs.writeFile(path.join(staging, 'secrets', 'app-secret'), `${secret}\n`, { mode: 0o600 });
      manifest.appSecret = true;
    }
    await fs.writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await fs.mkdir(path.dirname(path.resolve(file)), { recursive: true });
    const partial = `${file}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, ['manifest.json', 'database', ...(existsSync(path.join(staging, 'uploads')) ? ['uploads'] : []), ...(manifest.appSecret ? ['secrets'] : [])]);
    await fs.chmod(partial, 0o600);
    await fs.rename(partial, file);
    return manifest;
  } finally {
    await database.close();
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/** Rebuilds a site from an archive into an empty DATA_DIR (or an empty database at DATABASE_URL). */
export async function restoreBackup(config: Settings, file: string): Promise<BackupManifest> {
  if (!config.databaseUrl && existsSync(path.join(config.dataDir, 'postgres', 'PG_VERSION'))) {
    throw new Error(`${config.dataDir} ya tiene una base de datos: la restauración necesita una carpeta DATA_DIR vacía.`);
  }
  if ((await uploadedKeys(config.uploadsDir)).length > 0) throw new Error(`${config.uploadsDir} no está vacía: la restauración necesita una carpeta DATA_DIR vacía.`);
  await fs.mkdir(config.dataDir, { recursive: true });
  const staging = path.join(config.dataDir, `.restore-${randomBytes(6).toString('hex')}`);
  await fs.mkdir(staging, { recursive: true });
  try {
    await tar.extract({ file, cwd: staging, strict: true });
    const manifest = JSON.parse(await fs.readFile(path.join(staging, 'manifest.json'), 'utf8')) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) throw new Error(`${file} no es una copia de seguridad de este sistema.`);
    for (const entry of manifest.files) {
      const staged = path.join(staging, 'uploads', entry.key);
      if ((await sha256Of(staged)) !== entry.sha256) throw new Error(`El archivo ${entry.key} de la copia está dañado.`);
    }

    const database = await openDatabase(config, { create: true });
    try {
      const db = createDatabase(database.url, { max: 2 });
      try {
        const client = await db.$client.connect();
        try {
          const { rows } = await client.query<{ count: string }>(`select count(*) from information_schema.tables where table_schema = 'public'`);
          if (Number(rows[0]!.count) > 0) throw new Error('La base de datos de destino no está vacía: la restauración necesita una base vacía.');
        } finally {
          client.release();
        }
        await runMigrations(db);
        const client2 = await db.$client.connect();
        try {
          const applied = Number((await client2.query<{ count: string }>('select count(*) from drizzle.__drizzle_migrations')).rows[0]!.count);
          if (applied < manifest.migrations) throw new Error('La copia es de una versión más nueva del sistema: actualice antes de restaurarla.');
          await client2.query('begin');
          for (const table of manifest.tables) {
            const list = table.columns.map((column) => client2.escapeIdentifier(column)).join(', ');
            await pipeline(createReadStream(path.join(staging, 'database', `${table.name}.tsv`)), client2.query(copyFrom(`copy ${client2.escapeIdentifier(table.name)} (${list}) from stdin`)));
          }
          for (const sequence of manifest.sequences) {
            if (sequence.value !== null) await client2.query('select setval($1::regclass, $2::bigint, true)', [client2.escapeIdentifier(sequence.name), sequence.value]);
          }
          await client2.query('commit');
        } catch (error) {
          await client2.query('rollback').catch(() => undefined);
          throw error;
        } finally {
          client2.release();
        }
      } finally {
        await db.$client.end();
      }
    } finally {
      await database.close();
    }

    for (const entry of manifest.files) {
      const target = path.join(config.uploadsDir, entry.key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(path.join(staging, 'uploads', entry.key), target);
    }
    if (manifest.appSecret && !config.appSecret) {
      const secret = (await fs.readFile(path.join(staging, 'secrets', 'app-secret'), 'utf8')).trim();
      await fs.writeFile(path.join(config.dataDir, '.app-secret'), `${secret}\n`, { mode: 0o600 });
      // The same secret the site had: its signed links keep working.
      await readOrCreateSecret(path.join(config.dataDir, '.app-secret'));
    }
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/** Every storage key a record points at (as modules/files/repository.ts reads them). */
const REFERENCED_KEYS = `
  select pdf_process as key from regulations where pdf_process is not null
  union all select pdf_approved from regulations where pdf_approved is not null
  union all select pdf_key from day_orders where pdf_key is not null
  union all select image ->> 'key' from banners
  union all select variant ->> 'key' from banners, jsonb_array_elements(image -> 'variants') variant
  union all select image ->> 'key' from news where image is not null
  union all select variant ->> 'key' from news, jsonb_array_elements(image -> 'variants') variant where image is not null
  union all select jsonb_array_elements_text(embedded_images) from news
  union all select image ->> 'key' from contact_images
  union all select variant ->> 'key' from contact_images, jsonb_array_elements(image -> 'variants') variant`;
