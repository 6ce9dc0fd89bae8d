import path from 'node:path';
import { connectToServerDatabase } from '../../apps/api/src/test/server-process';

/** The e2e server's data folder (a fresh embedded PostgreSQL each run: start-server.mjs). */
export const E2E_DATA_DIR = path.resolve(import.meta.dirname, '../../.tmp/e2e-data');

/** Runs one statement in the e2e server's own database, as its schedule or an operator would. */
export async function inServerDatabase(sql: string): Promise<void> {
  const database = await connectToServerDatabase(E2E_DATA_DIR);
  try {
    await database.query(sql);
  } finally {
    await database.end();
  }
}
