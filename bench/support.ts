// Shared pieces of the benchmarks: a throwaway embedded PostgreSQL with the app's schema, the built
// server on a throwaway data folder with the demo content, and a load loop that measures latency over
// real HTTP at a given concurrency.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDatabase, type Database } from '../apps/api/src/db/client.js';
import { ensureDatabase } from '../apps/api/src/db/connect.js';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded.js';
import { runMigrations } from '../apps/api/src/db/migrate.js';
import { nginxMainConfig } from '../apps/api/src/test/nginx.js';

export async function withBenchDatabase(work: (db: Database, folder: string, url: string) => Promise<void>): Promise<void> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-bench-'));
  await fs.chmod(folder, 0o755);
  const server = await startEmbeddedPostgres(path.join(folder, 'postgres'));
  try {
    await ensureDatabase(server.url(), 'bench');
    const db = createDatabase(server.url('bench'), { max: 20 });
    try {
      await runMigrations(db);
      await work(db, folder, server.url('bench'));
    } finally {
      await db.$client.end();
    }
  } finally {
    await server.stop();
    await fs.rm(folder, { recursive: true, force: true });
  }
}

export interface Measurement {
  median: number;
  p95: number;
  perSecond: number;
  status: number;
  total: number;
}

/** `requests` GETs of `url` by `concurrency` clients at once, after a warm-up of 10. */
export async function measure(url: string, options: { requests: number; concurrency: number; headers?: Record<string, string> }): Promise<Measurement> {
  const get = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: options.headers });
    const body = (await response.json()) as { total?: number };
    return { ms: performance.now() - started, status: response.status, total: body.total ?? 0 };
  };
  for (let i = 0; i < 10; i += 1) await get();
  const times: number[] = [];
  let next = 0;
  let status = 200;
  let total = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (next < options.requests) {
        next += 1;
        const result = await get();
        if (result.status !== 200) status = result.status;
        total = result.total;
        times.push(result.ms);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)]!,
    p95: times[Math.floor(times.length * 0.95)]!,
    perSecond: times.length / seconds,
    status,
    total,
  };
}

/**
 * Latency of `url` measured by wrk (Debian's package) from its own process: `connections` clients for
 * `seconds`. wrk reports no p95 by itself; a Lua `done` hook prints it.
 */
export async function measureWithWrk(url: string, options: { connections: number; seconds: number }): Promise<Measurement> {
  const { execFile } = await import('node:child_process');
  const script = path.join(os.tmpdir(), 'concejo-bench-wrk.lua');
  await fs.writeFile(
    script,
    `done = function(summary, latency, requests)
  io.write(string.format("RESULT %f %f %f %d %d\\n", latency:percentile(50) / 1000, latency:percentile(95) / 1000,
    summary.requests / (summary.duration / 1000000), summary.requests, summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.timeout))
end
`,
  );
  const threads = Math.min(2, options.connections);
  const output = await new Promise<string>((resolve, reject) =>
    execFile('wrk', [`-t${threads}`, `-c${options.connections}`, `-d${options.seconds}s`, '-s', script, url], (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    ),
  );
  const match = output.match(/RESULT ([\d.]+) ([\d.]+) ([\d.]+) (\d+) (\d+)/);
  if (!match) throw new Error(`wrk said: ${output}`);
  return { median: Number(match[1]), p95: Number(match[2]), perSecond: Number(match[3]), status: Number(match[5]) === 0 ? 200 : 500, total: Number(match[4]) };
}

/** Resolves when `url` answers 2xx (the built server in its own process); a minute at most. */
export async function waitForServer(url: string): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start; run npm run build first');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The stop of every demo server started and not yet stopped: an interrupted bench stops them all. */
const runningServers = new Set<() => Promise<void>>();

/**
 * The built server's command line as `npm start` runs it (the root package.json's start script): node
 * with the same flags, so that a bench measures the server as it is run.
 */
export function serverCommand(): string[] {
  const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start;
  const command = /\bnode ((?:--\S+ )*)(apps\/api\/dist\/server\.js)/.exec(start);
  if (!command) throw new Error(`npm start does not run apps/api/dist/server.js with node: ${start}`);
  return [...command[1]!.trim().split(' ').filter(Boolean), command[2]!];
}

export interface BuiltServer {
  url: string;
  /** Stops the server (its embedded PostgreSQL with it) and removes its data folder; safe to call twice. */
  stop: () => Promise<void>;
}

/**
 * The built server (npm run build) in its own process on a free port and a fresh data folder: a new
 * embedded PostgreSQL with the demo content (banners, news, norms), as a visitor of the demo site sees it.
 * `env` adds or overrides settings (S3_* for a site on a bucket).
 */
export async function startDemoServer(name: string, env: Record<string, string> = {}): Promise<BuiltServer> {
  if (!existsSync('apps/api/dist/server.js') || !existsSync('apps/web/dist')) {
    throw new Error('no built site (apps/api/dist, apps/web/dist): run npm run build first');
  }
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), `concejo-${name}-`));
  await fs.chmod(folder, 0o755);
  const port = await freePort();
  const child = spawn(process.execPath, serverCommand(), {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: folder,
      DEMO_DATA: 'true',
      // Not 'production': a production start refuses demo data (the banners and news measured here).
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'admin@concejo.test',
      ADMIN_PASSWORD: 'Bench-Demo-Server-2026',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      runningServers.delete(stop);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        // A server that does not finish its shutdown in 30 s is killed, so the bench always ends.
        const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
        await exited;
        clearTimeout(timer);
      }
      await fs.rm(folder, { recursive: true, force: true });
    })());
  runningServers.add(stop);
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let attempt = 0; ; attempt += 1) {
      if (child.exitCode !== null) throw new Error(`the server stopped while starting (exit ${child.exitCode})`);
      if (attempt === 240) throw new Error('the server was not ready after 2 minutes');
      try {
        if ((await fetch(`${url}/readyz`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // A fresh demo site reads its demo PDFs in the background (a worker process) and PostgreSQL settles:
    // measured meanwhile, a page competes with them for the CPU. The figures are for a site at rest.
    await waitUntilIdle(child.pid!);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

/** CPU time (user + system, in clock ticks) of a process and all its descendants, read from /proc. */
async function treeCpuTicks(root: number): Promise<number> {
  const stats = new Map<number, { parent: number; ticks: number }>();
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: state ppid ... utime(12th) stime(13th).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(entry), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended while being read.
    }
  }
  const inTree = (pid: number): boolean => pid === root || (pid > 1 && stats.has(pid) && inTree(stats.get(pid)!.parent));
  let ticks = 0;
  for (const [pid, stat] of stats) if (inTree(pid)) ticks += stat.ticks;
  return ticks;
}

/**
 * Waits until the server and its children (the document worker, PostgreSQL) use under 5 % of one core
 * over two seconds in a row, at most 2 minutes; Linux only (elsewhere it returns at once).
 */
export async function waitUntilIdle(pid: number): Promise<void> {
  if (!existsSync('/proc/self/stat')) return;
  const TICKS_PER_SECOND = 100;
  let quiet = 0;
  let last = await treeCpuTicks(pid);
  for (let waited = 0; waited < 120_000 && quiet < 2; waited += 1000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await treeCpuTicks(pid);
    quiet = now - last <= 0.05 * TICKS_PER_SECOND ? quiet + 1 : 0;
    last = now;
  }
}

/**
 * When the bench is interrupted (Ctrl-C, kill): runs `cleanup` once, stops every demo server (also one
 * still starting), then exits, so that no server, browser or temporary folder outlives the bench.
 */
export function cleanUpOnSignals(cleanup: () => Promise<void> = async () => {}): void {
  let called = false;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (called) return;
      called = true;
      console.error(`\n${signal}: stopping...`);
      void cleanup()
        .catch((error: unknown) => console.error(error))
        .then(() => Promise.all([...runningServers].map((stop) => stop())))
        .finally(() => process.exit(130));
    });
  }
}

/** A bare node:http server in its own process answering one file from memory (and dropping POSTed bodies): the machine's ceiling. */
export async function startBareStaticServer(file: string, contentType: string): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const code = `
    const body = require('node:fs').readFileSync(process.env.FILE);
    require('node:http').createServer((request, response) => {
      // A POST is read to its end and dropped: the ceiling of an upload.
      if (request.method === 'POST') return request.resume().on('end', () => response.writeHead(201).end());
      response.writeHead(200, { 'content-type': process.env.CONTENT_TYPE, 'content-length': body.length, 'cache-control': 'public, max-age=3600' });
      response.end(body);
    }).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));`;
  const child = spawn(process.execPath, ['-e', code], { env: { ...process.env, PORT: String(port), FILE: file, CONTENT_TYPE: contentType }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (exitCode) => reject(new Error(`the bare static server stopped (exit ${exitCode})`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/**
 * Debian's nginx (NGINX_PATH, else /usr/sbin/nginx) serving `files` (name -> path) as static files on a
 * free loopback port, from a temporary prefix and configuration: the reference a warm answer is held to
 * (issue 34: through Fastify, at least 40 % of nginx serving the same bytes). Two workers, as the
 * recommended deploy/nginx.conf's host would run; undefined when nginx is not installed.
 */
export async function startStaticNginx(files: Record<string, string>, contentType: string): Promise<{ url: string; stop: () => Promise<void> } | undefined> {
  const nginx = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
  if (!existsSync(nginx)) return undefined;
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-nginx-'));
  const root = path.join(folder, 'root');
  await fs.mkdir(root);
  for (const [name, file] of Object.entries(files)) await fs.copyFile(file, path.join(root, name));
  const port = await freePort();
  await fs.writeFile(
    path.join(folder, 'nginx.conf'),
    nginxMainConfig(folder, [
      'access_log off;',
      'sendfile on; tcp_nopush on; keepalive_requests 100000;',
      `server { listen 127.0.0.1:${port}; root ${root}; default_type ${contentType}; types { } add_header cache-control "public, max-age=3600"; }`,
    ]),
  );
  const child = spawn(nginx, ['-p', folder, '-c', path.join(folder, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `http://127.0.0.1:${port}`;
  const first = Object.keys(files)[0]!;
  const deadline = Date.now() + 30_000;
  while (!(await fetch(`${url}/${first}`).then((response) => response.ok, () => false))) {
    if (gone || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not serve ${first}: ${await fs.readFile(path.join(folder, 'error.log'), 'utf8').catch(() => '')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    stop: async () => {
      if (!gone) child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      await fs.rm(folder, { recursive: true, force: true });
    },
  };
}
