import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { migrateQueue } from '../queue/queue.js';
import type { Database } from './client.js';

/** Beside this file in the sources; copied beside the bundle by build.mjs. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Applies pending migrations: ours, then the job queue's own (graphile-worker's schema). An advisory
 * lock makes instances that start together take turns, so that only the first one migrates.
 */
export async function runMigrations(db: Database): Promise<void> {
  const lockClient = await db.$client.connect();
  try {
    await lockClient.query(`select pg_advisory_lock(hashtext('concejo:migrations'))`);
    await migrate(db, { migrationsFolder });
    await migrateQueue(db.$client);
  } finally {
    await lockClient.query(`select pg_advisory_unlock(hashtext('concejo:migrations'))`).catch(() => undefined);
    lockClient.release();
  }
}
