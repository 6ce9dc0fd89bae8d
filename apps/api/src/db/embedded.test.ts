import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive } from '../lib/processes.js';
import { startEmbeddedPostgres } from './embedded.js';

const CHILD = fileURLToPath(new URL('../test/fixtures/embedded-child.ts', import.meta.url));
const isRoot = process.getuid?.() === 0;
let folder: string;

beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-embedded-'));
  await fs.chmod(folder, 0o755);
});
afterAll(() => fs.rm(folder, { recursive: true, force: true }));

/** Starts PostgreSQL on `directory` from another process, as the server would; answers that process. */
async function startInChild(directory: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, directory], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`the child left with ${code}`)));
  });
  const postmaster = Number((await fs.readFile(path.join(directory, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  return { child, postmaster };
}

/**
 * The watchdog shells watching `pid`. Each second a watchdog forks a subshell (with the same command
 * line) to read a start time: those short-lived copies are left out by their parent.
 */
async function watchdogsOf(pid: number): Promise<number[]> {
  const found = new Map<number, number>();
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const command = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (!command.includes('concejo-postgres-watchdog') || !command.split('\0').includes(String(pid))) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => undefined);
    if (stat) found.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
  }
  return [...found.keys()].filter((candidate) => !found.has(found.get(candidate)!));
}

async function canQuery(url: string): Promise<boolean> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query('select 1 as one')).rows[0]?.one === 1;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL after its server was killed', { timeout: 120_000 }, () => {
  it('stops within seconds of a SIGKILL of its server (the watchdog)', async () => {
    const directory = path.join(folder, 'watched', 'postgres');
    const { child, postmaster } = await startInChild(directory);
    child.kill('SIGKILL');
    await expect.poll(() => isAlive(postmaster), { timeout: 15_000, interval: 100 }).toBe(false);
  });

  it('tells processes apart by start time as well as id (ids are reused)', async () => {
    const directory = path.join(folder, 'reused', 'postgres');
    const server = await startEmbeddedPostgres(directory);
    try {
      const postmaster = Number((await fs.readFile(path.join(directory, 'postmaster.pid'), 'utf8')).split('\n')[0]);
      const [watchdog] = await watchdogsOf(postmaster);
      // Its arguments: the script, then the server's id and start time, PostgreSQL's id and start time.
      const args = (await fs.readFile(`/proc/${watchdog}/cmdline`, 'utf8')).split('\0');
      const [script, , serverPid, , postgresPid, postgresStart] = args.slice(2);
      expect([serverPid, postgresPid]).toEqual([String(process.pid), String(postmaster)]);
      const run = (...watch: string[]) =>
        new Promise((resolve) => spawn('/bin/sh', ['-c', script!, 'concejo-postgres-watchdog', ...watch], { stdio: 'ignore' }).once('exit', resolve));
      // Its server gone, but the process with PostgreSQL's id started at another time: left alone.
      await run('999999', '1', String(postmaster), '1');
      expect(await canQuery(server.url())).toBe(true);
      // A process with the server's id but another start time is not the server: it is gone, and
      // PostgreSQL (right id, right start time) is stopped.
      await run(String(process.pid), '1', String(postmaster), postgresStart!);
      await expect.poll(() => isAlive(postmaster), { timeout: 15_000, interval: 100 }).toBe(false);
    } finally {
      await server.stop();
    }
  });

  it('stop() returns at once for a PostgreSQL that died already (no wait for an exit that came)', async () => {
    const directory = path.join(folder, 'died', 'postgres');
    const server = await startEmbeddedPostgres(directory);
    const postmaster = Number((await fs.readFile(path.join(directory, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    process.kill(postmaster, 'SIGQUIT');
    await expect.poll(() => isAlive(postmaster), { timeout: 15_000, interval: 100 }).toBe(false);
    const started = Date.now();
    await server.stop();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('is stopped by the next start when nothing stopped it, and that start succeeds', async () => {
    const directory = path.join(folder, 'orphan', 'postgres');
    const { child, postmaster } = await startInChild(directory);
    // No watchdog this time (as where there is none): PostgreSQL outlives its server.
    for (const watchdog of await watchdogsOf(child.pid!)) process.kill(watchdog, 'SIGKILL');
    child.kill('SIGKILL');
    await expect.poll(() => child.exitCode !== null || child.signalCode !== null).toBe(true);
    expect(isAlive(postmaster)).toBe(true);

    const started = performance.now();
    const server = await startEmbeddedPostgres(directory);
    try {
      expect(isAlive(postmaster)).toBe(false);
      expect(await canQuery(server.url())).toBe(true);
      expect(performance.now() - started).toBeLessThan(30_000);
    } finally {
      await server.stop();
    }
  });

  it('refuses a folder whose PostgreSQL belongs to a server still running', async () => {
    const directory = path.join(folder, 'taken', 'postgres');
    const { child } = await startInChild(directory);
    try {
      await expect(startEmbeddedPostgres(directory)).rejects.toThrow(/PostgreSQL ya está en ejecución sobre .* ¿Hay otra instancia del servidor abierta\?/);
    } finally {
      child.kill('SIGTERM');
      child.kill('SIGKILL');
    }
  });

  it.runIf(isRoot)('as root, starts in a DATA_DIR made by mktemp -d (mode 700), and names a parent PostgreSQL cannot enter', async () => {
    const dataDir = await fs.mkdtemp(path.join(folder, 'mktemp-'));
    await fs.chmod(dataDir, 0o700);
    const server = await startEmbeddedPostgres(path.join(dataDir, 'postgres'));
    try {
      expect(await canQuery(server.url())).toBe(true);
    } finally {
      await server.stop();
    }
    const closed = path.join(folder, 'closed');
    await fs.mkdir(path.join(closed, 'data'), { recursive: true });
    await fs.chmod(closed, 0o700);
    await expect(startEmbeddedPostgres(path.join(closed, 'data', 'postgres'))).rejects.toThrow(`El usuario postgres no puede entrar en ${closed} (permisos 700)`);
  });
});
