import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { connectDatabase } from './db/connect.js';
import { runMigrations } from './db/migrate.js';
import { DEMO_PASSWORD, DEMO_USERS } from './db/demo-accounts.js';
import { seedAccounts, type SeedReport } from './db/seed.js';
import { readOrCreateSecret } from './lib/secret-file.js';
import { createDiskStorage } from './lib/storage.js';

// Same relative place from src/ (tsx) and from dist/ (the bundle).
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const logger = pino({ level: config.logLevel });
  const connection = await connectDatabase(config, (line) => logger.debug({ postgres: line }));
  let closing = false;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;

  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    try {
      await app?.close();
    } finally {
      await connection.close();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await runMigrations(connection.db);
    const report = await seedAccounts(connection.db, config, createDiskStorage(config.uploadsDir));
    // Printed before anything else can fail: a generated password is never shown again.
    printAccounts(report);
    const appSecret = config.appSecret ?? (await readOrCreateSecret(path.join(config.dataDir, '.app-secret')));
    app = await buildApp({
      config: { ...config, appSecret, webDistDir: config.webDistDir ?? DEFAULT_WEB_DIST },
      db: connection.db,
      logger,
    });
    await app.listen({ port: config.port, host: config.host });
    logger.info({ database: connection.describe }, 'database ready');
    printBox([`El sitio está disponible en ${config.publicUrl}`]);
  } catch (error) {
    logger.fatal({ err: error }, 'could not start');
    await app?.close().catch(() => undefined);
    await connection.close().catch(() => undefined);
    process.exit(1);
  }
}

function printAccounts(report: SeedReport): void {
  const lines: string[] = [];
  if (report.generatedAdmin) {
    lines.push(
      'Se creó un administrador de demostración (esta contraseña no se vuelve a mostrar):',
      `  email:       ${report.generatedAdmin.email}`,
      `  contraseña:  ${report.generatedAdmin.password}`,
    );
  }
  if (report.createdAdmin) lines.push(`Se creó el administrador ${report.createdAdmin} (ADMIN_EMAIL).`);
  if (report.demoUsers > 0) {
    if (lines.length) lines.push('');
    lines.push(`Cuentas de demostración (contraseña ${DEMO_PASSWORD}):`);
    for (const user of DEMO_USERS) lines.push(`  ${user.role.padEnd(10)} ${user.email}`);
  }
  if (report.demoRegulations) lines.push('', `Se cargaron ${report.demoRegulations} normativas de demostración.`);
  if (report.demoContent) {
    lines.push(`Se cargaron ${report.demoContent.banners} banners y ${report.demoContent.news} noticias de demostración para la página de inicio.`);
  }
  if (lines.length) printBox(lines);
}

function printBox(lines: string[]): void {
  const width = Math.max(...lines.map((line) => line.length)) + 2;
  console.log(['', '='.repeat(width), ...lines.map((line) => ` ${line}`), '='.repeat(width), ''].join('\n'));
}

void main();
