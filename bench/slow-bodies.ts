// Slow bodies against the built server run as `npm start` runs it, with few open files (issue 33, item
// 6): CONNECTIONS connections from 127.0.0.3 each send a login's headers and a tenth of its body, then
// nothing. The bench says how many are still open as time passes, how they ended (answered, or closed
// without an answer), and how long a visitor from another address (127.0.0.2) waits for /healthz
// meanwhile.
// Run: npm run build --workspace @concejo/api && npx tsx bench/slow-bodies.ts
//   BENCH_SERVER: the bundle to run (apps/api/dist/server.js); BENCH_CONNECTIONS (800);
//   BENCH_SECONDS (150); BENCH_NOFILE: the server's open-file limit (700); BENCH_ENV: more settings
//   for the server, e.g. "BODY_IDLE_SECONDS=10 CONNECTIONS_PER_ADDRESS=32".
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { cleanUpOnSignals, freePort, serverCommand } from './support.js';

const SERVER = process.env.BENCH_SERVER ?? 'apps/api/dist/server.js';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 800);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 150);
const NOFILE = Number(process.env.BENCH_NOFILE ?? 700);
const EXTRA_ENV = Object.fromEntries((process.env.BENCH_ENV ?? '').split(/\s+/).filter(Boolean).map((pair) => pair.split('=', 2) as [string, string]));
/** The login's body as announced, of which a tenth is sent. */
const BODY_BYTES = 2_000;

interface Attacker {
  socket: net.Socket;
  connected: boolean;
  closed: boolean;
  closedAfterMs: number | undefined;
  /** The status line of the answer, when one came. */
  status: string | undefined;
}

async function main(): Promise<void> {
  if (!existsSync(SERVER)) throw new Error(`no built server at ${SERVER}: run npm run build --workspace @concejo/api first`);
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-slow-bodies-'));
  const port = await freePort();
  const flags = serverCommand().slice(0, -1);
  const log = await fs.open(path.join(folder, 'server.log'), 'w');
  // The open-file limit of a small host (the issue's server had 700), set for the server alone.
  const child = spawn('sh', ['-c', `ulimit -n ${NOFILE} && exec "$0" "$@"`, process.execPath, ...flags, SERVER], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: folder, DEMO_DATA: 'false', NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: '', ...EXTRA_ENV },
    stdio: ['ignore', log.fd, log.fd],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    }
    await log.close();
    await fs.rm(folder, { recursive: true, force: true });
  };
  cleanUpOnSignals(stop);
  const attackers: Attacker[] = [];
  try {
    const url = `http://127.0.0.1:${port}`;
    for (let attempt = 0; ; attempt += 1) {
      if (child.exitCode !== null) throw new Error(`the server stopped while starting: ${await fs.readFile(path.join(folder, 'server.log'), 'utf8')}`);
      if (attempt === 240) throw new Error('the server was not ready after 2 minutes');
      if (await fetch(`${url}/readyz`).then((response) => response.ok, () => false)) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    console.log(`server ${SERVER}, open files limited to ${NOFILE}${Object.keys(EXTRA_ENV).length ? `, ${process.env.BENCH_ENV}` : ''}`);

    const started = performance.now();
    for (let index = 0; index < CONNECTIONS; index += 1) attackers.push(slowBody(port, started));
    await waitFor(() => attackers.every((attacker) => attacker.connected || attacker.closed), 30_000);
    const opened = performance.now() - started;
    // The server takes the connections the kernel queued for it in turn: until their number stops
    // falling for a second (10 s at most).
    let open = Infinity;
    await waitFor(() => {
      const now = openOnes(attackers);
      const settled = now === open;
      open = now;
      return settled;
    }, 10_000, 1_000);
    const refused = attackers.filter((attacker) => attacker.closed && attacker.status === undefined);
    const slowest = Math.max(0, ...refused.map((attacker) => attacker.closedAfterMs!));
    console.log(`${CONNECTIONS} slow-body connections from 127.0.0.3 opened in ${Math.round(opened)} ms; ${refused.length} closed without an answer${refused.length ? ` (the last ${Math.round(slowest)} ms after the first was opened)` : ''}`);
    await report(port, attackers, started, 'once the server took them');

    for (const mark of [30, 60, 90, 120, 150, 180, 240, 300].filter((seconds) => seconds <= SECONDS)) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + mark * 1000 - performance.now())));
      await report(port, attackers, started, `after ${mark} s`);
    }
    const statuses = new Map<string, number>();
    for (const attacker of attackers) {
      const ending = attacker.status ?? (attacker.closed ? 'closed without an answer' : 'still open');
      statuses.set(ending, (statuses.get(ending) ?? 0) + 1);
    }
    console.log(`how they ended: ${[...statuses].map(([ending, count]) => `${count} ${ending}`).join(', ')}`);
    const lines = (await fs.readFile(path.join(folder, 'server.log'), 'utf8')).split('\n').filter(Boolean);
    const messages = new Map<string, number>();
    for (const line of lines) {
      const message = /"msg":"([^"]*)"/.exec(line)?.[1] ?? line.slice(0, 80);
      messages.set(message, (messages.get(message) ?? 0) + 1);
    }
    console.log(`server log: ${lines.length} lines${[...messages].map(([message, count]) => `\n  ${count} × ${message}`).join('')}`);
  } finally {
    for (const attacker of attackers) attacker.socket.destroy();
    await stop();
  }
}

/** Headers and a tenth of the body of a login, then silence. */
function slowBody(port: number, started: number): Attacker {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.3' });
  const attacker: Attacker = { socket, connected: false, closed: false, closedAfterMs: undefined, status: undefined };
  socket.on('connect', () => {
    attacker.connected = true;
    socket.write(`POST /api/v1/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${BODY_BYTES}\r\n\r\n{"email":"${'a'.repeat(BODY_BYTES / 10)}`);
  });
  socket.on('data', (chunk: Buffer) => (attacker.status ??= chunk.toString('latin1').split('\r\n')[0]));
  socket.on('error', () => {});
  socket.on('close', () => {
    attacker.closed = true;
    attacker.closedAfterMs = performance.now() - started;
  });
  return attacker;
}

/** How many are still open, and how long /healthz takes from another address (three tries). */
async function report(port: number, attackers: Attacker[], started: number, when: string): Promise<void> {
  const open = openOnes(attackers);
  const visits: string[] = [];
  for (let round = 0; round < 3; round += 1) visits.push(await visit(port));
  console.log(`${when} (${Math.round((performance.now() - started) / 1000)} s): ${open} of ${attackers.length} open; /healthz from 127.0.0.2: ${visits.join(', ')}`);
}

function visit(port: number): Promise<string> {
  const asked = performance.now();
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/healthz', localAddress: '127.0.0.2', agent: false, timeout: 10_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(`${response.statusCode} in ${Math.round(performance.now() - asked)} ms`));
    });
    request.on('timeout', () => request.destroy(new Error('no answer in 10 s')));
    request.on('error', (error: NodeJS.ErrnoException) => resolve(`${error.code ?? error.message} after ${Math.round(performance.now() - asked)} ms`));
  });
}

const openOnes = (attackers: Attacker[]) => attackers.filter((attacker) => attacker.connected && !attacker.closed).length;

async function waitFor(condition: () => boolean, limitMs: number, everyMs = 50): Promise<void> {
  const deadline = performance.now() + limitMs;
  while (!condition() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, everyMs));
}

await main();
