import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { findFreePort, findRunningEmbedded, postmasterPid as postmasterPidOf } from '../db/embedded.js';
import { EMBEDDED_DATABASE } from '../db/connect.js';
import { isAlive } from '../lib/processes.js';

/**
 * The whole server as `npm start` runs it (the esbuild bundle of server.ts and its document worker,
 * its own embedded PostgreSQL under DATA_DIR), as a child process that tests stop, kill and start
 * again on the same folder.
 */

const PACKAGE = fileURLToPath(new URL('../..', import.meta.url));
/** What is kept of the server's output for a failure message: the end is what explains a death. */
const OUTPUT_LIMIT = 64 * 1024;

export const SERVER_BUNDLES = path.join(PACKAGE, '.tmp', 'test-server');
let bundle: Promise<string> | undefined;

/** Builds the production bundle (build.mjs) into a folder inside the package (its dependencies resolve from node_modules); answers its server.js. */
export async function buildServerBundle(outdir: string): Promise<string> {
  await new Promise<void>((resolve, reject) =>
    execFile(process.execPath, ['build.mjs', outdir], { cwd: PACKAGE }, (error, _stdout, stderr) => (error ? reject(new Error(`build.mjs failed: ${stderr}`)) : resolve())),
  );
  return path.join(outdir, 'server.js');
}

/**
 * The production bundle: the run's, built once by the api-crash project's global set-up
 * (server-bundle-setup.ts, named in TEST_SERVER_BUNDLE), or else built once per test process into a folder of its own. A start from
 * it takes about a second, against three or more through tsx on a loaded machine. Folders of test
 * processes that are gone are removed here (a test process may be killed before it could clean up).
 */
function serverBundle(): Promise<string> {
  const built = process.env.TEST_SERVER_BUNDLE;
  if (built) return Promise.resolve(built);
  bundle ??= (async () => {
    for (const folder of await fs.readdir(SERVER_BUNDLES).catch(() => [])) {
      const owner = Number(folder.split('-')[0]);
      if (!Number.isInteger(owner) || !isAlive(owner)) await fs.rm(path.join(SERVER_BUNDLES, folder), { recursive: true, force: true });
    }
    const outdir = path.join(SERVER_BUNDLES, `${process.pid}-${randomBytes(4).toString('hex')}`);
    process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
    return buildServerBundle(outdir);
  })();
  return bundle;
}

export interface ServerOptions {
  dataDir: string;
  /**
   * Variables over the defaults below (undefined removes one): ADMIN_EMAIL/ADMIN_PASSWORD, SMTP_URL,
   * LOG_LEVEL... DATABASE_URL is removed unless given, so the embedded PostgreSQL is used.
   */
  env?: Record<string, string | undefined>;
  /** A fixed port; by default a free one at each start. */
  port?: number;
  readyTimeoutMs?: number;
}

export interface ServerProcess {
  port: number;
  pid: number;
  /** http://127.0.0.1:<port> */
  url: string;
  /** From spawn until /readyz answered 200. */
  readyMs: number;
  /** The last 64 KB of stdout and stderr together (the pino log and the operator's messages). */
  output: () => string;
  /** SIGTERM, then the exit code once the process has left. */
  stop: () => Promise<number | null>;
  /** SIGKILL, answered once the process is gone (its PostgreSQL is left to the watchdog or the next start). */
  kill: () => Promise<void>;
  /** Whether the process has left (by itself or not). */
  exited: () => boolean;
}

export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await findFreePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: undefined,
    DATA_DIR: options.dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];

  const script = await serverBundle();
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 2 * OUTPUT_LIMIT) output = output.slice(-OUTPUT_LIMIT);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let stopAsked: number | undefined;
  const exit = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      // For a failure message: how it left, and whether anyone asked it to.
      keep(Buffer.from(`\n[server process left: code ${code}, signal ${signal}, ${stopAsked === undefined ? 'unasked' : `${Math.round(performance.now() - stopAsked)} ms after SIGTERM`}]\n`));
      resolve(code);
    }),
  );
  let gone = false;
  void exit.then(() => (gone = true));
  const tail = () => output.slice(-OUTPUT_LIMIT);

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  for (;;) {
    if (gone) throw new Error(`the server left with ${child.exitCode ?? child.signalCode} before it was ready:\n${tail()}`);
    const status = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5_000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exit;
      throw new Error(`the server was not ready within ${options.readyTimeoutMs ?? 120_000} ms:\n${tail()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    port,
    pid: child.pid!,
    url,
    readyMs: Math.round(performance.now() - started),
    output: tail,
    exited: () => gone,
    stop: async () => {
      stopAsked = performance.now();
      if (!gone) child.kill('SIGTERM');
      return exit;
    },
    kill: async () => {
      if (!gone) child.kill('SIGKILL');
      await exit;
    },
  };
}

/** The embedded PostgreSQL's process id on this DATA_DIR (postmaster.pid), or undefined when there is none. */
export const postmasterPid = (dataDir: string) => postmasterPidOf(path.join(dataDir, 'postgres'));

/** Waits until no PostgreSQL runs on this DATA_DIR (after a kill, the watchdog stops it within seconds). */
export async function waitForPostgresToStop(dataDir: string, timeoutMs = 30_000): Promise<void> {
  const pid = await postmasterPid(dataDir);
  const deadline = Date.now() + timeoutMs;
  while (pid !== undefined && isAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL (process ${pid}) on ${dataDir} did not stop`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The connection string of the running server's own database, as the backup finds it (db/embedded.ts). */
export async function serverDatabaseUrl(dataDir: string): Promise<string> {
  const url = await findRunningEmbedded(path.join(dataDir, 'postgres'), EMBEDDED_DATABASE);
  if (!url) throw new Error(`no server's PostgreSQL runs on ${dataDir}`);
  return url;
}

/** A client of the running server's own database (serverDatabaseUrl); the caller ends it. */
export async function connectToServerDatabase(dataDir: string): Promise<pg.Client> {
  const client = new pg.Client(await serverDatabaseUrl(dataDir));
  await client.connect();
  return client;
}

/** Logs in through the API (the device id as the web sends it) and answers the bearer header. */
export async function loginOverHttp(server: Pick<ServerProcess, 'url'>, credentials: { email: string; password: string }) {
  const response = await fetch(`${server.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'device-id': 'server-process-test-device' },
    body: JSON.stringify(credentials),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}
