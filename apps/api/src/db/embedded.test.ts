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

async function watchdogsOf(pid: number): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const command = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (command.includes('concejo-postgres-watchdog') && command.split('\0').includes(String(pid))) found.push(Number(entry));
  }
  return found;
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
