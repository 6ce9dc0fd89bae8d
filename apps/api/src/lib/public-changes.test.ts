import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NewsItem } from '@concejo/contracts';
import { buildApp, type App } from '../app.js';
import { testConfig } from '../config.js';
import { createDatabase, type Database } from '../db/client.js';
import { buildLoggedInUser } from '../test/factories.js';
import { capturingLogger, createTestDatabase, TestClock } from '../test/harness.js';
import { imageForm, sampleImage } from '../test/images.js';
import { multipartForm, samplePdf } from '../test/multipart.js';
import { countQueries } from '../test/query-counter.js';
import { PUBLIC_CHANGES_APPLICATION, type PublicChange } from './public-changes.js';

/**
 * Two instances of the whole app, each with its own pool, on one database: what staff change
 * through one is what citizens get from the other at the very next request, also after the
 * instances' LISTEN connections were cut and a change went by while nobody listened.
 */

let dbA: Database;
let dbB: Database;
let uploadsDir: string;
let a: App;
let b: App;
const logB = capturingLogger();
let admin: { authorization: string };
let cm: { authorization: string };
/** Every change B's listener was told of, in order. */
const seenByB: PublicChange[] = [];
const seenByA: PublicChange[] = [];

beforeAll(async () => {
  dbA = await createTestDatabase();
  dbB = createDatabase(String(dbA.$client.options.connectionString), { max: 4 });
  uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-public-changes-'));
  a = await buildApp({ config: testConfig({ uploadsDir }), db: dbA, clock: new TestClock(), logger: capturingLogger().logger });
  b = await buildApp({ config: testConfig({ uploadsDir }), db: dbB, clock: new TestClock(), logger: logB.logger });
  await Promise.all([a.ready(), b.ready()]);
  a.publicChanges.onChange((change) => seenByA.push(change));
  b.publicChanges.onChange((change) => seenByB.push(change));
  ({ headers: admin } = await buildLoggedInUser(a, dbA, 'admin'));
  ({ headers: cm } = await buildLoggedInUser(a, dbA, 'cm'));
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await Promise.all([dbA?.$client.end(), dbB?.$client.end()]);
  await fs.rm(uploadsDir, { recursive: true, force: true });
});

const search = (app: App, words: string) => app.inject({ url: `/api/v1/regulations/published?search=${encodeURIComponent(words)}` });
const foundIds = async (app: App, words: string) => (await search(app, words)).json<{ data: { id: number }[] }>().data.map((row) => row.id);
const publishedNews = (app: App, headers: Record<string, string> = {}) => app.inject({ url: '/api/v1/news/published', headers });

async function registerProject(subject: string) {
  const response = await a.inject({
    method: 'POST',
    url: '/api/v1/regulations',
    headers: admin,
    payload: multipartForm({ type: 'ordinance', state: 'process', subject, authors: ['Ana Paz'] }, { pdf_process: samplePdf() }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; version: number }>();
}

async function registerOld(number: number, keyword: string) {
  const response = await a.inject({
    method: 'POST',
    url: '/api/v1/old-regulations',
    headers: admin,
    payload: multipartForm({ date: '1994-05-02', type: 'ordinance', number, keywords: [keyword] }, { pdf: samplePdf() }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

/** B's public search, asked twice: the second answer must come from B's cache (no query to the database). */
async function warmOnB(words: string) {
  // A's background work on a new norm (reading its PDF) is a change too, and would empty B's cache.
  await a.jobs.idle();
  // A search is kept from its second ask.
  const first = await foundIds(b, words);
  expect(await foundIds(b, words)).toEqual(first);
  const { result: third, queries } = await countQueries(dbB, () => foundIds(b, words));
  expect(third).toEqual(first);
  expect(queries).toEqual([]);
  return first;
}

/** The change feed's LISTEN connections on this database. */
async function listenerPids(client: Pick<pg.ClientBase, 'query'>) {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and application_name = $1',
    [PUBLIC_CHANGES_APPLICATION],
  );
  return rows.map((row) => row.pid);
}

/** Cuts every LISTEN connection of the change feed on this database (one per instance). */
async function killListeners(client: pg.ClientBase, instances: number) {
  const pids = await listenerPids(client);
  expect(pids).toHaveLength(instances);
  // With a timeout, pg_terminate_backend waits for the backends to be gone.
  for (const pid of pids) await client.query('select pg_terminate_backend($1, 5000)', [pid]);
}

describe('two instances on one database', { timeout: 60_000 }, () => {
  it('show on B a norm approved through A at the very next request, though B had the search cached', async () => {
    const project = await registerProject('Huerta comunitaria del barrio zanahoriaunica');
    expect(await warmOnB('zanahoriaunica')).toEqual([]);

    const approved = await a.inject({
      method: 'POST',
      url: `/api/v1/regulations/${project.id}`,
      headers: admin,
      payload: multipartForm({ changes: JSON.stringify({ state: 'approved', number: 4321 }), version: project.version }, { pdf_approved: samplePdf('Ordenanza 4321') }),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await foundIds(b, 'zanahoriaunica')).toEqual([project.id]);
    await a.jobs.idle();
  });

  it('stop showing on B an old norm deleted through A at the very next request', async () => {
    const id = await registerOld(8801, 'berenjenaunica');
    expect(await warmOnB('berenjenaunica')).toEqual([id]);
    expect((await a.inject({ method: 'DELETE', url: `/api/v1/old-regulations/${id}`, headers: admin })).statusCode).toBe(200);
    expect(await foundIds(b, 'berenjenaunica')).toEqual([]);
    await a.jobs.idle();
  });

  it("show on B news published through A, and B's old ETag no longer answers 304", async () => {
    const before = await publishedNews(b);
    expect(before.headers['cache-control']).toBe('public, no-cache');
    const etag = String(before.headers.etag);
    expect((await publishedNews(b, { 'if-none-match': etag })).statusCode).toBe(304);

    const photo = { content: await sampleImage('jpeg', 800, 500), name: 'plaza.jpg' };
    const created = await a.inject({
      method: 'POST',
      url: '/api/v1/news',
      headers: cm,
      payload: imageForm({ status: 1, title: 'Nueva plaza', description: '<p>Se inauguró.</p>', type: 'new' }, { image: photo }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const revalidated = await publishedNews(b, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.json<NewsItem[]>().map((item) => item.id)).toContain(created.json<NewsItem>().id);
  });

  it("tell a listener on B, and A's own, of a change made through A", async () => {
    seenByA.length = 0;
    seenByB.length = 0;
    await registerProject('Proyecto que solo ve el personal');
    await vi.waitFor(() => {
      expect(seenByB).toContain('regulations');
      expect(seenByA).toContain('regulations');
    });
    await a.jobs.idle();
  });

  it('reconnect after the LISTEN connections are killed, and never serve a change missed meanwhile as stale', async () => {
    const id = await registerOld(8802, 'remolachaunica');
    await a.jobs.idle();
    expect(await warmOnB('remolachaunica')).toEqual([id]);
    seenByB.length = 0;
    const warnings = () => logB.entries().filter((entry) => entry.msg === 'public change feed disconnected; public answers are not cached until it is back');
    expect(warnings()).toHaveLength(0);

    // Another instance's change committed while B is not listening: its notification never reaches B.
    const other = new pg.Client({ connectionString: String(dbA.$client.options.connectionString) });
    await other.connect();
    try {
      await other.query('begin');
      await killListeners(other, 2);
      await vi.waitFor(() => expect(b.publicChanges.listening).toBe(false), { timeout: 30_000, interval: 5 });
      await other.query('delete from regulations where id = $1', [id]);
      await other.query("select pg_notify('public_changes', 'regulations')");
      await other.query('commit');
    } finally {
      await other.end();
    }
    // Disconnected, B does not trust its cache; reconnected, it has emptied it.
    expect(await foundIds(b, 'remolachaunica')).toEqual([]);
    await vi.waitFor(() => expect(b.publicChanges.listening).toBe(true), { timeout: 30_000, interval: 20 });
    expect(await foundIds(b, 'remolachaunica')).toEqual([]);
    // Told once that anything may have changed (and, had it been back before that commit, of the change).
    expect(seenByB[0]).toBe('any');
    expect(seenByB.filter((change) => change === 'any')).toHaveLength(1);
    expect(warnings()).toHaveLength(1);

    // Listening again: a change through A reaches B's listener and B's next answer.
    const again = await registerOld(8803, 'remolachaunica');
    expect(await foundIds(b, 'remolachaunica')).toEqual([again]);
    await vi.waitFor(() => expect(seenByB).toContain('regulations'));
    expect(await warmOnB('remolachaunica')).toEqual([again]);
    await a.jobs.idle();
  });

  it('closes its LISTEN connection with the app, also while it waits to reconnect', async () => {
    // C reconnects with its own pool's options. Pointed at a port that takes each connection and drops
    // it, C is surely waiting to reconnect when it closes (it has tried and failed): killed with A's
    // and B's, it could otherwise be back before the test saw it gone (a clean-clone CI run: three
    // backends terminated one after another on a busy machine took longer than C's first retry, 250 ms).
    const live = String(dbA.$client.options.connectionString);
    const dbC = createDatabase(live, { max: 2 });
    const c = await buildApp({ config: testConfig({ uploadsDir }), db: dbC, clock: new TestClock(), logger: capturingLogger().logger });
    await c.ready();
    let attempts = 0;
    const refuser = net.createServer((socket) => {
      attempts += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => refuser.listen(0, '127.0.0.1', resolve));
    const other = new pg.Client({ connectionString: live });
    await other.connect();
    try {
      await vi.waitFor(async () => expect(await listenerPids(other)).toHaveLength(3));
      dbC.$client.options.connectionString = live.replace(/:\d+\//, `:${(refuser.address() as net.AddressInfo).port}/`);
      await killListeners(other, 3);
      await vi.waitFor(() => expect(attempts).toBeGreaterThan(0), { timeout: 30_000, interval: 5 });
      expect(c.publicChanges.listening).toBe(false);
      await c.close();
      const attemptsWhenClosed = attempts;
      await vi.waitFor(() => expect([a.publicChanges.listening, b.publicChanges.listening]).toEqual([true, true]), { timeout: 30_000, interval: 20 });
      expect(await listenerPids(other)).toHaveLength(2);
      expect(attempts).toBe(attemptsWhenClosed);
    } finally {
      await other.end();
      await dbC.$client.end();
      refuser.close();
    }
  });
});
