import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import * as tar from 'tar';
import type { Config } from '../config.js';
import { createConfiguredStorage, type Storage } from '../lib/storage.js';
import { createFileRepository } from '../modules/files/repository.js';
import { BACKUP_FORMAT, BACKUP_VERSION, BackupError, Cleanups, sha256Of, type BackupManifest } from './archive.js';
import { openSiteDatabase } from './site-database.js';
import { inSiteSchema, readSiteSchema } from './site-schema.js';

/**
 * `npm run backup`: one archive (.tar.gz, see archive.ts) with the database, the uploaded files and
 * the server's secret, made while the site runs. No pg_dump: the embedded PostgreSQL ships none (and
 * a pg_dump older than the server refuses it). Each table of the `public` schema is copied with COPY,
 * all of them in one repeatable-read snapshot, so the archive is one consistent moment of the site.
 * Other schemas (the job queue's) are not copied: queued jobs are not part of a backup.
 */

export type BackupSettings = Pick<Config, 'databaseUrl' | 'dataDir' | 'uploadsDir' | 'appSecret'> & Partial<Pick<Config, 's3'>>;

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

/** Writes the archive to `file` (which must not exist yet). */
export async function createBackup(config: BackupSettings, file: string, { cleanups = new Cleanups() } = {}): Promise<BackupResult> {
  const target = path.resolve(file);
  if (existsSync(target)) throw new BackupError(`ya existe ${target}; elija otro nombre`);
  const database = await openSiteDatabase(config, { create: false });
  const forgetDatabase = cleanups.add(database.close);
  // Beside the uploads, so that files are hard-linked into it rather than copied.
  const staging = path.join(config.dataDir, `.backup-${randomBytes(6).toString('hex')}`);
  const partial = `${target}.partial`;
  const removeLeftovers = () => Promise.all([fs.rm(staging, { recursive: true, force: true }), fs.rm(partial, { force: true })]);
  const forgetLeftovers = cleanups.add(removeLeftovers);
  try {
    await fs.mkdir(path.join(staging, 'database'), { recursive: true });
    const manifest = await stageSite(config, database.url, staging);
    await fs.writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

    await fs.mkdir(path.dirname(target), { recursive: true });
    const entries = ['manifest.json', 'database', 'uploads', 'secrets'].filter((entry) => existsSync(path.join(staging, entry)));
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, entries);
    // The archive holds the secret: readable by its owner only. On disk before it gets its name.
    await fs.chmod(partial, 0o600);
    const handle = await fs.open(partial, 'r+');
    await handle.sync().finally(() => handle.close());
    await fs.rename(partial, target);
    return { file: target, bytes: (await fs.stat(target)).size, manifest };
  } finally {
    forgetLeftovers();
    await removeLeftovers();
    forgetDatabase();
    await database.close();
  }
}

/** Copies the database, the files and the secret into `staging`; answers the manifest. */
async function stageSite(config: BackupSettings, url: string, staging: string): Promise<BackupManifest> {
  // Files first, then the database's snapshot, then any file the snapshot uses that arrived meanwhile:
  // every file a record of the snapshot points at is in the archive.
  const keys = new Set<string>();
  // The files where the site keeps them: DATA_DIR/uploads, or the bucket (S3_BUCKET), downloaded.
  const storage = await createConfiguredStorage(config);
  const stage = (key: string) => (config.s3 ? downloadFile(storage, key, staging) : stageFile(config.uploadsDir, key, staging));
  for (const stored of await storage.list()) {
    if (!stored.partial && (await stage(stored.key))) keys.add(stored.key);
  }

  const client = new pg.Client(url);
  client.on('error', () => undefined);
  await client.connect();
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    migrations: [],
    tables: [],
    sequences: [],
    files: [],
    missingFiles: [],
    appSecret: false,
  };
  try {
    await client.query('begin isolation level repeatable read read only');
    const applied = await client.query<{ created: string }>('select created_at::text as created from drizzle.__drizzle_migrations order by created_at').catch(() => {
      throw new BackupError('la base de datos no tiene las tablas del sitio (nunca se inició el servidor con ella)');
    });
    manifest.migrations = applied.rows.map((row) => Number(row.created));
    const site = await readSiteSchema(client);
    for (const name of await tablesInLoadOrder(client, [...site.tables.keys()])) {
      const columns = site.tables.get(name)!;
      const list = columns.map((column) => client.escapeIdentifier(column)).join(', ');
      const counter = lineCounter();
      await pipeline(
        client.query(copyTo(`copy ${inSiteSchema(name)} (${list}) to stdout`)),
        counter,
        createWriteStream(path.join(staging, 'database', `${name}.tsv`)),
      );
      manifest.tables.push({ name, columns, rows: counter.lines() });
    }
    manifest.sequences = [...site.sequences].map(([name, value]) => ({ name, value }));
    for (const key of await referencedKeys(client)) {
      if (keys.has(key)) continue;
      if (await stage(key)) keys.add(key);
      else manifest.missingFiles.push(key);
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
    await fs.mkdir(path.join(staging, 'secrets'), { mode: 0o700 });
    await fs.writeFile(path.join(staging, 'secrets', 'app-secret'), `${secret}\n`, { mode: 0o600 });
    manifest.appSecret = true;
  }
  return manifest;
}

/**
 * The files the snapshot's records point at (the orphan sweep's list). A database not yet migrated to
 * this version may lack a table that query reads: then none, as every file on disk is already staged.
 */
async function referencedKeys(client: pg.Client): Promise<Set<string>> {
  await client.query('savepoint referenced_keys');
  try {
    return await createFileRepository(drizzle({ client })).referencedKeys();
  } catch {
    await client.query('rollback to savepoint referenced_keys');
    return new Set();
  }
}

/** The site's tables, parents before children (the order their foreign keys let them be loaded in). */
async function tablesInLoadOrder(client: pg.Client, tables: string[]): Promise<string[]> {
  const { rows: links } = await client.query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
       from pg_constraint c
       join pg_class child on child.oid = c.conrelid
       join pg_class parent on parent.oid = c.confrelid
       join pg_namespace n on n.oid = child.relnamespace
      where c.contype = 'f' and n.nspname = 'public' and c.conrelid <> c.confrelid`,
  );
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const link of links) parents.get(link.child)?.add(link.parent);
  const ordered: string[] = [];
  const visit = (name: string, seen: Set<string>) => {
    if (ordered.includes(name) || seen.has(name)) return;
    seen.add(name);
    for (const parent of parents.get(name) ?? []) visit(parent, seen);
    ordered.push(name);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/** Downloads a file of the bucket into the staging folder; false when it is gone (removed since it was listed). */
async function downloadFile(storage: Storage, key: string, staging: string): Promise<boolean> {
  const file = await storage.read(key);
  if (!file) return false;
  const target = path.join(staging, 'uploads', key);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await pipeline(file.stream, createWriteStream(target));
  return true;
}

/**
 * Hard-links (or copies) an uploaded file into the staging folder; false when it is gone (removed
 * since it was listed: a replaced image).
 */
async function stageFile(uploadsDir: string, key: string, staging: string): Promise<boolean> {
  const source = path.join(uploadsDir, key);
  const target = path.join(staging, 'uploads', key);
  await fs.mkdir(path.dirname(target), { recursive: true });
  try {
    await fs.link(source, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    try {
      await fs.copyFile(source, target);
    } catch (copyError) {
      if ((copyError as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw copyError;
    }
  }
  return true;
}

/** Passes COPY's text output through and counts its rows: one line each (newlines in values are escaped). */
function lineCounter() {
  let count = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) count += 1;
      callback(null, chunk);
    },
  });
  return Object.assign(stream, { lines: () => count });
}
