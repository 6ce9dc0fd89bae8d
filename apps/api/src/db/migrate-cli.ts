import { loadConfig } from '../config.js';
import { connectDatabase } from './connect.js';
import { runMigrations } from './migrate.js';

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL or the embedded database. */
const connection = await connectDatabase(loadConfig());
try {
  await runMigrations(connection.db);
  console.log(`Migraciones aplicadas (${connection.describe}).`);
} finally {
  await connection.close();
}
