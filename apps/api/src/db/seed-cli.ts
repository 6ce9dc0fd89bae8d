import { loadConfig } from '../config.js';
import { connectDatabase } from './connect.js';
import { runMigrations } from './migrate.js';
import { DEMO_PASSWORD } from './demo-accounts.js';
import { seedAccounts } from './seed.js';
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
  const report = await seedAccounts(connection.db, config, createDiskStorage(config.uploadsDir));
  if (report.generatedAdmin) console.log(`Administrador: ${report.generatedAdmin.email} / ${report.generatedAdmin.password}`);
  if (report.demoUsers) console.log(`${report.demoUsers} cuentas de demostración (contraseña ${DEMO_PASSWORD}).`);
  if (!report.generatedAdmin && !report.demoUsers) console.log('La base ya tenía usuarios: no se cargó nada.');
} finally {
  await connection.close();
}
