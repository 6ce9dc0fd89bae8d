import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { MESSAGES } from '@concejo/contracts';
import { buildApp, type App } from '../app.js';
import { testConfig } from '../config.js';
import { minimalPdf } from '../lib/minimal-pdf.js';
import { buildLoggedInUser } from '../test/factories.js';
import { multipartForm } from '../test/multipart.js';
import { createDatabase, type Database } from './client.js';
import { ensureDatabase } from './connect.js';
import { findFreePort, startEmbeddedPostgres, type EmbeddedServer } from './embedded.js';
import { runMigrations } from './migrate.js';

/**
 * A real PostgreSQL of its own, restarted (fast shutdown, then a new start on the same port) while two
 * readers and two writers keep calling the API: requests during the outage get a Spanish 503 with
 * Retry-After, never a 500, the process never crashes, and everything resumes by itself.
 */

let folder: string;
let port: number;
let postgres: EmbeddedServer;
let db: Database;
let app: App;
let reader: { authorization: string };
let writer: { authorization: string };
/** The app's warnings and errors, printed if the test fails: what an operator would read. */
const logLines: string[] = [];

beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-outage-'));
  await fs.chmod(folder, 0o755);
  port = await findFreePort();
  postgres = await startEmbeddedPostgres(path.join(folder, 'postgres'), undefined, { port });
  await ensureDatabase(postgres.url(), 'outage');
  db = createDatabase(postgres.url('outage'), { max: 6 });
  await runMigrations(db);
  app = await buildApp({ config: testConfig({ uploadsDir: path.join(folder, 'uploads') }), db, logger: pino({ level: 'warn' }, { write: (line: string) => void logLines.push(line) }) });
  reader = (await buildLoggedInUser(app, db, 'asesor')).headers;
  writer = (await buildLoggedInUser(app, db, 'mesa')).headers;
}, 120_000);
afterAll(async () => {
  await app?.close();
  await db?.$client.end();
  await postgres?.stop();
  await fs.rm(folder, { recursive: true, force: true });
});

interface Call {
  at: number;
  status: number;
  retryAfter?: string;
  message?: string;
}

describe('PostgreSQL restarted under reads and writes', () => {
  it('answers 503 with Retry-After during the outage, never 500, and recovers by itself', { timeout: 180_000 }, async () => {
    onTestFailed(() => console.log(`The app's last warnings and errors:\n${logLines.slice(-60).join('')}`));
    const calls: Call[] = [];
    let running = true;
    let written = 0;
    const loop = async (call: () => Promise<{ statusCode: number; headers: Record<string, unknown>; json: () => { message?: string } }>) => {
      while (running) {
        const response = await call();
        calls.push({ at: performance.now(), status: response.statusCode, retryAfter: response.headers['retry-after'] as string | undefined, message: response.json().message });
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const clients = [
      loop(() => app.inject({ url: '/api/v1/regulations?page=1', headers: reader })),
      loop(() => app.inject({ url: '/api/v1/user', headers: reader })),
      loop(() => app.inject({ method: 'PUT', url: '/api/v1/user', headers: writer, payload: { name: `Mesa ${(written += 1)}`, last_name: 'Entradas' } })),
      loop(() => app.inject({ method: 'PUT', url: '/api/v1/user', headers: reader, payload: { name: `Asesor ${(written += 1)}`, last_name: 'Legal' } })),
      // A write in a transaction (a norm with its authors and a PDF, whose text extraction is a queued
      // job), whose connection the restart cuts.
      loop(() =>
        app.inject({
          method: 'POST',
          url: '/api/v1/regulations',
          headers: reader,
          payload: multipartForm({ type: 'ordinance', subject: 'Registrada durante el corte', authors: ['Ana', 'Luis'] }, { pdf_process: minimalPdf(['texto del corte']) }),
        }),
      ),
    ];
    const recoveries: number[] = [];
    try {
      for (let restart = 0; restart < 3; restart += 1) {
        await new Promise((resolve) => setTimeout(resolve, 700));
        await postgres.stop();
        const down = performance.now();
        await expect.poll(async () => (await app.inject({ url: '/readyz' })).statusCode, { timeout: 20_000 }).toBe(503);
        // Down for a moment (a second on the first restarts, then straight back).
        if (restart === 0) await new Promise((resolve) => setTimeout(resolve, 1000));
        postgres = await startEmbeddedPostgres(path.join(folder, 'postgres'), undefined, { port });
        await expect.poll(async () => (await app.inject({ url: '/readyz' })).statusCode, { timeout: 30_000, interval: 100 }).toBe(200);
        recoveries.push(performance.now() - down);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    } finally {
      running = false;
      await Promise.all(clients);
    }
    const statuses = new Set(calls.map((call) => call.status));
    expect([...statuses].sort()).toEqual([200, 201, 503]);
    for (const call of calls.filter((each) => each.status === 503)) {
      expect(call).toMatchObject({ retryAfter: '5', message: MESSAGES.unavailable });
    }
    // Back to normal: the last second answered 200 only.
    const lastSecond = calls.filter((call) => call.at > calls.at(-1)!.at - 900);
    expect(lastSecond.length).toBeGreaterThan(10);
    expect(lastSecond.every((call) => call.status === 200 || call.status === 201)).toBe(true);
    expect(Math.max(...recoveries)).toBeLessThan(30_000);
    expect((await app.inject({ url: '/api/v1/user', headers: writer })).json().user.name).toMatch(/^Mesa \d+$/);
    // The job queue came back too: every PDF registered, before, during or after the outage, is read.
    await app.jobs.idle();
    const { rows } = await db.$client.query<{ pending: string; indexed: string }>(
      `select count(*) filter (where text_status = 'pending') as pending, count(*) filter (where text_status = 'indexed') as indexed from regulations`,
    );
    expect(Number(rows[0]!.pending)).toBe(0);
    expect(Number(rows[0]!.indexed)).toBeGreaterThan(0);
    const count = (status: number) => calls.filter((call) => call.status === status).length;
    console.log(
      `PostgreSQL outage test: 3 restarts, ${calls.length} requests: ${count(200) + count(201)} answered, ${count(503)} x 503, ${count(500)} x 500; ` +
        `back to ready ${recoveries.map((ms) => (ms / 1000).toFixed(1)).join(' s, ')} s after each stop; ${rows[0]!.indexed} PDFs read, 0 left pending`,
    );
  });
});
