import fs from 'node:fs/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { testConfig } from '../../config.js';
import { minimalPdf } from '../../lib/minimal-pdf.js';
import { createDatabase, type Database } from '../../db/client.js';
import { buildLoggedInUser } from '../../test/factories.js';
import { capturingLogger, createTestDatabase, TestClock } from '../../test/harness.js';
import { multipartForm } from '../../test/multipart.js';

/**
 * The public search's repeated answers, replayed ahead of Fastify (lib/replayed-answers.ts), over real
 * HTTP on two instances of the whole app sharing one database: a replay is the answer the app sent,
 * header for header and byte for byte; a change made through the other instance is seen at the very
 * next request; each replay is logged as any request is, client address and host as TRUST_PROXY reads them.
 */

let dbA: Database;
let dbB: Database;
let uploadsDir: string;
let a: App;
let b: App;
let portB: number;
const logB = capturingLogger();
let admin: { authorization: string };

beforeAll(async () => {
  dbA = await createTestDatabase();
  dbB = createDatabase(String(dbA.$client.options.connectionString), { max: 4 });
  uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-replayed-search-'));
  a = await buildApp({ config: testConfig({ uploadsDir }), db: dbA, clock: new TestClock(), logger: capturingLogger().logger });
  // B sits behind a proxy on this machine: it takes one hop of X-Forwarded-For.
  b = await buildApp({ config: testConfig({ uploadsDir, trustProxy: 1 }), db: dbB, clock: new TestClock(), logger: logB.logger });
  await a.ready();
  await b.listen({ port: 0, host: '127.0.0.1' });
  portB = (b.server.address() as AddressInfo).port;
  ({ headers: admin } = await buildLoggedInUser(a, dbA, 'admin'));
  for (let number = 1; number <= 8; number += 1) await register(number, `Arbolado de la calle ${number}: poda y reposición de especies nativas`);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await Promise.all([dbA?.$client.end(), dbB?.$client.end()]);
  await fs.rm(uploadsDir, { recursive: true, force: true });
});

async function register(number: number, subject: string): Promise<number> {
  const payload = multipartForm(
    { type: 'ordinance', number, subject, state: 'approved', authors: ['Ana Rodríguez'], creation_date: '2025-03-10T10:00:00-03:00' },
    { pdf_approved: minimalPdf([`Ordenanza ${number}.`]) },
  );
  const response = await a.inject({ method: 'POST', url: '/api/v1/regulations', headers: admin, payload });
  if (response.statusCode !== 201) throw new Error(response.body);
  // Its PDF's text is read by a job that changes the norm again: done before the test goes on.
  await Promise.all([a.jobs.idle(), b.jobs.idle()]);
  return response.json<{ id: number }>().id;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET (or HEAD) to B over HTTP, the body as sent (not decompressed). */
function ask(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: portB, path: url, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject).end();
  });
}

const replayed = (answer: Answer) => String(answer.headers['server-timing']).endsWith(', replay');
/** The headers that are the same for every request of one answer. */
function lasting(headers: IncomingHttpHeaders) {
  const { date: _date, 'x-request-id': _id, 'server-timing': _timing, ...rest } = headers;
  return rest;
}

/** Asks until B answers from its cache (a search is kept from its second ask), then once more. */
async function hitThenNext(url: string, headers: Record<string, string> = {}): Promise<{ hit: Answer; next: Answer }> {
  let hit = await ask(url, headers);
  for (let asked = 1; hit.headers['server-timing'] !== 'cache;desc="hit"'; asked += 1) {
    if (asked > 5) throw new Error(`no cache hit after ${asked} asks: ${String(hit.headers['server-timing'])}`);
    hit = await ask(url, headers);
  }
  return { hit, next: await ask(url, headers) };
}

describe('a repeated public search, replayed', () => {
  it('is the answer the app sent: same status, headers and bytes; its own request id', async () => {
    const url = '/api/v1/regulations/published?search=arbolado';
    const { hit, next } = await hitThenNext(url);
    expect(replayed(next)).toBe(true);
    expect(next.status).toBe(200);
    expect(lasting(next.headers)).toEqual(lasting(hit.headers));
    expect(next.headers['content-security-policy']).toBeDefined();
    expect(next.headers['cache-control']).toBe('public, no-cache');
    expect(next.body.equals(hit.body)).toBe(true);
    expect(JSON.parse(next.body.toString()).total).toBe(8);
    expect(next.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(next.headers['x-request-id']).not.toBe(hit.headers['x-request-id']);
  });

  it('is kept per Accept-Encoding: a browser gets the compressed copy, a client without it the plain one', async () => {
    const url = '/api/v1/regulations/published?search=especies';
    const plain = await hitThenNext(url);
    const browser = await hitThenNext(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect([replayed(plain.next), replayed(browser.next)]).toEqual([true, true]);
    expect(browser.next.headers['content-encoding']).toBe('br');
    expect(plain.next.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(browser.next.body).equals(plain.next.body)).toBe(true);
    expect(lasting(browser.next.headers)).toEqual(lasting(browser.hit.headers));
  });

  it('is not what a conditional request or a HEAD gets: 304 and a bodiless 200 from the app', async () => {
    const url = '/api/v1/regulations/published?search=poda';
    const { next } = await hitThenNext(url);
    expect(replayed(next)).toBe(true);
    const unchanged = await ask(url, { 'if-none-match': String(next.headers.etag) });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.length).toBe(0);
    const head = await ask(url, {}, 'HEAD');
    expect([head.status, head.body.length, replayed(head)]).toEqual([200, 0, false]);
  });

  it('gives way at the very next request to a norm approved through the other instance', async () => {
    const url = '/api/v1/regulations/published?search=reposici%C3%B3n';
    const { next } = await hitThenNext(url);
    expect(replayed(next)).toBe(true);
    const added = await register(9, 'Reposición de luminarias en la plaza');
    const after = await ask(url);
    expect(replayed(after)).toBe(false);
    const ids = JSON.parse(after.body.toString()).data.map((row: { id: number }) => row.id);
    expect(ids).toContain(added);
    expect(lasting(after.headers).etag).not.toBe(next.headers.etag);
  });

  it('is logged as the app logs a request: method, URL, client address and host through the proxy, status, its request id', async () => {
    const url = '/api/v1/regulations/published?search=nativas';
    const proxied = { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-host': 'concejo.example.gob.ar' };
    const { hit, next } = await hitThenNext(url, proxied);
    expect(replayed(next)).toBe(true);
    const completed = (id: unknown) => logB.entries().find((entry) => entry.msg === 'request completed' && entry.reqId === id);
    const byApp = completed(hit.headers['x-request-id']);
    const byReplay = completed(next.headers['x-request-id']);
    expect(byReplay).toMatchObject({ level: 30, res: { statusCode: 200 }, req: { method: 'GET', url, host: 'concejo.example.gob.ar', remoteAddress: '203.0.113.7' } });
    const shape = ({ time: _time, responseTime, req, ...rest }: Record<string, unknown>) => ({ ...rest, reqId: undefined, responseTime: typeof responseTime, req: { ...(req as object), remotePort: undefined } });
    expect(shape(byReplay!)).toEqual(shape(byApp!));
  });
});
