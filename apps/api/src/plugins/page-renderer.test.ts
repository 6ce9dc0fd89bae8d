import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { testConfig } from '../config.js';
import { createDatabase, type Database } from '../db/client.js';
import { buildLoggedInUser } from '../test/factories.js';
import { capturingLogger, createTestDatabase, TestClock } from '../test/harness.js';
import { multipartForm } from '../test/multipart.js';

/**
 * The cache of server-rendered pages on two instances of the whole app, each with its own pool, on one
 * database. The web's real server bundle is built only after the unit tests (the e2e suite renders
 * with it); here a small bundle of the same shape renders the published news through the API as the
 * real one does, and counts its renders, so that what is under test is the cache: a change made
 * through one instance shows on the other's very next page.
 */

let webRoot: string;
let uploadsDir: string;
let dbA: Database;
let dbB: Database;
let a: App;
let b: App;
let cm: { authorization: string };

const SERVER_BUNDLE = `
let renders = 0;
globalThis.pageRenders = () => renders;
export async function createRenderer({ transport }) {
  return async (request) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/admin')) return { kind: 'client' };
    renders += 1;
    const news = await (await transport('/api/v1/news/published')).json();
    const titles = news.map((item) => '<li>' + item.title + '</li>').join('');
    const reading = url.pathname !== '/login';
    return { kind: 'page', status: 200, head: '<title>Inicio</title>', body: '<ul>' + titles + '</ul>', state: '', reading };
  };
}
`;

const renders = () => (globalThis as unknown as { pageRenders: () => number }).pageRenders();

beforeAll(async () => {
  webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-web-'));
  await fs.mkdir(path.join(webRoot, 'dist', 'assets'), { recursive: true });
  await fs.mkdir(path.join(webRoot, 'dist-server'));
  await fs.writeFile(
    path.join(webRoot, 'dist', 'index.html'),
    '<!doctype html><html lang="es"><head><meta name="description" content="x"><title>Concejo</title></head><body><noscript>Necesita JavaScript</noscript><div id="root"></div></body></html>',
  );
  await fs.writeFile(path.join(webRoot, 'dist-server', 'entry-server.js'), SERVER_BUNDLE);
  uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-pages-'));
  dbA = await createTestDatabase();
  dbB = createDatabase(String(dbA.$client.options.connectionString), { max: 4 });
  const config = testConfig({ uploadsDir, webDistDir: path.join(webRoot, 'dist') });
  a = await buildApp({ config, db: dbA, clock: new TestClock(), logger: capturingLogger().logger });
  b = await buildApp({ config, db: dbB, clock: new TestClock(), logger: capturingLogger().logger });
  await Promise.all([a.ready(), b.ready()]);
  ({ headers: cm } = await buildLoggedInUser(a, dbA, 'cm'));
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await Promise.all([dbA?.$client.end(), dbB?.$client.end()]);
  await fs.rm(webRoot, { recursive: true, force: true });
  await fs.rm(uploadsDir, { recursive: true, force: true });
});

async function publishNews(title: string): Promise<number> {
  const response = await a.inject({
    method: 'POST',
    url: '/api/v1/news',
    headers: cm,
    payload: multipartForm({ status: '1', type: 'new', title, description: '<p>Texto.</p>', video_url: 'https://www.instagram.com/p/concejo/' }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

describe('rendered pages on two instances', { timeout: 60_000 }, () => {
  it('fills the head and #root of the shell, drops the JavaScript notice, and sends HTML that is revalidated', async () => {
    await publishNews('Primera noticia');
    const page = await b.inject({ url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<title>Inicio</title>');
    expect(page.body).not.toContain('<title>Concejo</title>');
    expect(page.body).not.toContain('meta name="description" content="x"');
    expect(page.body).not.toContain('<noscript>');
    expect(page.body).toContain('<div id="root"><ul><li>Primera noticia</li></ul></div>');
    const again = await b.inject({ url: '/', headers: { 'if-none-match': String(page.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('serves a page again from the cache, and shows on B a news item published through A at the next request', async () => {
    const before = (await b.inject({ url: '/?cache=1' })).body;
    const rendered = renders();
    expect((await b.inject({ url: '/?cache=1' })).body).toBe(before);
    expect(renders()).toBe(rendered);

    await publishNews('Publicada en la instancia A');
    expect((await b.inject({ url: '/?cache=1' })).body).toContain('<li>Publicada en la instancia A</li>');
    expect((await a.inject({ url: '/?cache=1' })).body).toContain('<li>Publicada en la instancia A</li>');
  });

  it('renders many visitors of one new page once', async () => {
    const rendered = renders();
    const pages = await Promise.all(Array.from({ length: 20 }, () => b.inject({ url: '/?juntos=1' })));
    expect(new Set(pages.map((page) => page.body)).size).toBe(1);
    expect(renders()).toBe(rendered + 1);
  });

  it('sends brotli or gzip as the browser accepts', async () => {
    const br = await b.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const gzip = await b.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
  });

  it('sends the shell for a page the bundle leaves to the browser', async () => {
    const page = await b.inject({ url: '/admin' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).toContain('<noscript>');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('lets other sites keep a window on a reading page only: the login keeps Cross-Origin-Opener-Policy, also from the cache and on a 304', async () => {
    for (let visit = 0; visit < 2; visit += 1) {
      const reading = await b.inject({ url: '/?leer=1' });
      expect(reading.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(reading.headers['content-security-policy']).toContain("script-src 'self'");
      const login = await b.inject({ url: '/login' });
      expect(login.headers['cross-origin-opener-policy']).toBe('same-origin');
      const revalidated = await b.inject({ url: '/login', headers: { 'if-none-match': String(login.headers.etag) } });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
  });
});
