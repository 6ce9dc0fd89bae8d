import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { build } from 'esbuild';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../db/client.js';
import { startEmbeddedPostgres } from '../db/embedded.js';
import { runMigrations } from '../db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of a maintenance database on the test server; each test file creates its own database. */
    postgresUrl: string;
    /** A database migrated once for the run; each test database is a copy of it (harness.ts). */
    templateDatabase: string;
  }
}

/**
 * One real PostgreSQL for the whole API test run: TEST_DATABASE_URL when given (any server where the
 * user may create databases), otherwise the embedded one in a temporary folder, removed afterwards.
 * The migrations run once, into a template database that every test database is copied from.
 */
export default async function setup(project: TestProject) {
  const worker = buildDocumentWorker();
  // Awaited below, once PostgreSQL is up; a failure meanwhile is not an unhandled rejection.
  worker.catch(() => undefined);
  let stopServer: () => Promise<void> = async () => undefined;
  let postgresUrl = process.env.TEST_DATABASE_URL;
  if (!postgresUrl) {
    const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-test-pg-'));
    await fs.chmod(directory, 0o755);
    const server = await startEmbeddedPostgres(path.join(directory, 'postgres'));
    postgresUrl = server.url();
    stopServer = async () => {
      await server.stop();
      await fs.rm(directory, { recursive: true, force: true });
    };
  }
  // Named per run: on an external server (TEST_DATABASE_URL) another run may have its own beside this one.
  const template = `concejo_template_${randomBytes(4).toString('hex')}`;
  try {
    await Promise.all([createTemplate(postgresUrl, template), worker]);
  } catch (error) {
    await stopServer();
    throw error;
  }
  project.provide('postgresUrl', postgresUrl);
  project.provide('templateDatabase', template);
  return async () => {
    await maintenance(postgresUrl, (client) => client.query(`drop database if exists ${client.escapeIdentifier(template)}`)).catch(() => undefined);
    await stopServer();
  };
}

/**
 * The migrated template: ours and the job queue's migrations, run once instead of once per test file.
 * Its pool is closed before any copy is made: PostgreSQL copies a database only while nobody is
 * connected to it.
 */
async function createTemplate(postgresUrl: string, name: string) {
  await maintenance(postgresUrl, (client) => client.query(`create database ${client.escapeIdentifier(name)}`));
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const db = createDatabase(url.toString(), { max: 2 });
  try {
    await runMigrations(db);
  } finally {
    await db.$client.end();
  }
}

async function maintenance(postgresUrl: string, use: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client(postgresUrl);
  await client.connect();
  try {
    await use(client);
  } finally {
    await client.end();
  }
}

/**
 * The document worker as it runs in production: one bundled script, started in about 0.3 s with
 * about 80 MB of memory (through tsx it takes a second and 300 MB). Inside the package, so that its
 * dependencies (pdf.js) resolve; test processes find it through DOCUMENT_WORKER_SCRIPT.
 */
async function buildDocumentWorker() {
  const outfile = fileURLToPath(new URL('../../.tmp/test-worker/document-worker.js', import.meta.url));
  await build({
    entryPoints: [fileURLToPath(new URL('../lib/documents/worker-process.ts', import.meta.url))],
    outfile,
    bundle: true,
    // As build.mjs: our workspace packages compiled in, every other dependency from node_modules.
    plugins: [
      {
        name: 'external-dependencies',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@concejo/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
    platform: 'node',
    format: 'esm',
    target: 'node24',
    logLevel: 'warning',
  });
  process.env.DOCUMENT_WORKER_SCRIPT = outfile;
}
