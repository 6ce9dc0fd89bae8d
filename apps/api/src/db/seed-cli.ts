import { loadConfig } from '../config.js';
import { connectDatabase } from './connect.js';
import { runMigrations } from './migrate.js';
import { assertNoDemoAccountsInProduction, seedAccounts, seedSummary } from './seed.js';
import { createDiskStorage } from '../lib/storage.js';

/**
 * `npm run db:seed -- --yes`: the first admin and, on a fresh database, the demo accounts. It asks
 * for an explicit flag so that it is never run against a real council's database by accident.
 */
if (!process.argv.includes('--yes')) {
  console.error('db:seed carga datos de demostración. Ejecútelo con --yes: npm run db:seed -- --yes');
  process.exit(1);
}
const connection = await connectDatabase(loadConfig());
try {
  await runMigrations(connection.db);
  const config = loadConfig();
  await assertNoDemoAccountsInProduction(connection.db, config);
  const report = await seedAccounts(connection.db, config, createDiskStorage(config.uploadsDir));
  const summary = seedSummary(report);
  console.log(summary.length ? summary.join('\n') : 'La base ya tenía usuarios: no se cargó nada.');
} finally {
  await connection.close();
}
