import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PANELS, type NewsItem } from '@concejo/contracts';
import { buildLoggedInUser } from '../../test/factories.js';
import { capturingLogger, createTestApp, type TestContext } from '../../test/harness.js';
import { imageForm } from '../../test/images.js';
import { multipartForm, samplePdf } from '../../test/multipart.js';
import { createSitemapService, SITEMAP_MAX_URLS } from './service.js';

// Every character XML treats as markup, in the one setting that reaches the sitemap's text.
const PUBLIC_URL = "https://concejo.example/sitio?a=1&b='<x>\"";
const HOSTILE_HOST = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };

let ctx: TestContext;
let cm: { authorization: string };
let webDist: string;

beforeAll(async () => {
  // A built SPA is present, as in production, so its not-found fallback could answer these paths.
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-web-dist-'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><html lang="es"><div id="root"></div></html>');
  ctx = await createTestApp({ publicUrl: PUBLIC_URL, webDistDir: webDist, sessionIdleMs: 24 * 3600_000 });
  cm = (await buildLoggedInUser(ctx.app, ctx.db, 'cm')).headers;
});
afterAll(async () => {
  await ctx.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

async function publishNews(fields: Record<string, string | number> = {}): Promise<NewsItem> {
  const payload = imageForm({ status: 1, title: 'Sesión ordinaria', description: '<p>Texto.</p>', type: 'new', video_url: 'https://www.instagram.com/p/Cx1/', ...fields });
  const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/news', headers: cm, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<NewsItem>();
}

/** The sitemap read by a strict, namespace-aware XML parser: its pages, or the parser's errors. */
function parseSitemap(document: string) {
  const parser = new SaxesParser({ xmlns: true });
  const errors: string[] = [];
  const pages: { loc: string; lastmod?: string }[] = [];
  const files: string[] = [];
  let root = '';
  let field: 'loc' | 'lastmod' | undefined;
  parser.on('error', (error) => errors.push(error.message));
  parser.on('opentag', (tag) => {
    if (!root) root = `{${tag.uri}}${tag.local}`;
    if (tag.local === 'url') pages.push({ loc: '' });
    if (tag.local === 'sitemap') files.push('');
    field = tag.local === 'loc' || tag.local === 'lastmod' ? tag.local : undefined;
  });
  parser.on('text', (text) => {
    if (root.endsWith('sitemapindex')) {
      if (field === 'loc') files[files.length - 1] += text;
      return;
    }
    const page = pages.at(-1);
    if (page && field) page[field] = (page[field] ?? '') + text;
  });
  parser.on('closetag', () => (field = undefined));
  parser.write(document).close();
  return { errors, root, pages, files };
}

const getSitemap = async (headers: Record<string, string> = {}) => {
  const response = await ctx.app.inject({ url: '/sitemap.xml', headers: { accept: 'text/html', ...HOSTILE_HOST, ...headers } });
  return { response, ...parseSitemap(response.body) };
};

describe('/sitemap.xml', () => {
  it('is valid XML in the sitemaps namespace listing the public lists under PUBLIC_URL, whatever the Host header says', async () => {
    const { response, errors, root, pages } = await getSitemap();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(errors).toEqual([]);
    expect(root).toBe('{http://www.sitemaps.org/schemas/sitemap/0.9}urlset');
    const locs = pages.map((page) => page.loc);
    expect(locs).toEqual(expect.arrayContaining([`${PUBLIC_URL}/`, `${PUBLIC_URL}/normativas`, `${PUBLIC_URL}/ver-orden-dia`]));
    for (const loc of locs) expect(loc.startsWith(PUBLIC_URL)).toBe(true);
    expect(response.body).not.toContain('evil.example');
  });

  it('lists a news item as soon as it is published, with the date it last changed, and no item the public cannot open', async () => {
    const now = ctx.clock.now().getTime();
    const iso = (hours: number) => new Date(now + hours * 3600_000).toISOString();
    const hostile = "</loc>]]><script>&amp;'\"";
    const published = await publishNews({ title: hostile, description: `<p>${hostile.replace(/[<>&]/g, '')}</p>` });
    const inactive = await publishNews({ status: 0 });
    const scheduled = await publishNews({ publication_date: iso(5) });
    const withdrawn = await publishNews({ publication_date: iso(-10), unpublication_date: iso(-2) });

    const { errors, pages } = await getSitemap();
    expect(errors).toEqual([]);
    const page = (id: number) => pages.find((entry) => entry.loc === `${PUBLIC_URL}/noticia/${id}`);
    expect(page(published.id)).toEqual({ loc: `${PUBLIC_URL}/noticia/${published.id}`, lastmod: published.updated_at });
    expect(page(inactive.id)).toBeUndefined();
    expect(page(scheduled.id)).toBeUndefined();
    expect(page(withdrawn.id)).toBeUndefined();

    // The scheduled item appears when its time comes, dated by its appearance rather than its last save.
    ctx.clock.advance(6 * 3600_000);
    const later = await getSitemap();
    expect(later.pages.find((entry) => entry.loc === `${PUBLIC_URL}/noticia/${scheduled.id}`)).toEqual({
      loc: `${PUBLIC_URL}/noticia/${scheduled.id}`,
      lastmod: scheduled.publication_date,
    });
  });

  it('drops a news item the moment it is deactivated', async () => {
    const item = await publishNews();
    expect((await getSitemap()).pages.some((page) => page.loc.endsWith(`/noticia/${item.id}`))).toBe(true);
    const response = await ctx.app.inject({ method: 'POST', url: `/api/v1/news/${item.id}`, headers: cm, payload: imageForm({ status: 0 }) });
    expect(response.statusCode, response.body).toBe(200);
    expect((await getSitemap()).pages.some((page) => page.loc.endsWith(`/noticia/${item.id}`))).toBe(false);
  });

  it('is revalidated on every use: 304 for the same ETag, and a new one once a news item is published', async () => {
    const first = (await getSitemap()).response;
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = String(first.headers.etag);
    expect((await getSitemap({ 'if-none-match': etag })).response.statusCode).toBe(304);
    await publishNews();
    const changed = (await getSitemap({ 'if-none-match': etag })).response;
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const get = (await getSitemap()).response;
    const head = await ctx.app.inject({ method: 'HEAD', url: '/sitemap.xml', headers: HOSTILE_HOST });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.headers['cache-control']).toBe('public, no-cache');
  });
});

describe('/robots.txt', () => {
  it('lets crawlers read the public site, keeps them out of the panels and the API, and names the sitemap under PUBLIC_URL', async () => {
    const response = await ctx.app.inject({ url: '/robots.txt', headers: { accept: 'text/html', ...HOSTILE_HOST } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, no-cache');
    expect(response.headers.etag).toBeDefined();
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const panel of PANELS) expect(lines).toContain(`Disallow: ${panel}`);
    expect(lines).toContain('Disallow: /profile');
    expect(lines).toContain('Disallow: /api/');
    // A shared news item's preview needs its picture.
    expect(lines).toContain('Allow: /api/v1/files/news/');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(response.body).not.toContain('evil.example');
    expect(lines.some((line) => /^Disallow: \/(normativas|ver-orden-dia|noticia)?$/.test(line))).toBe(false);
  });

  it('answers HEAD with no body', async () => {
    const response = await ctx.app.inject({ method: 'HEAD', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe('');
  });
});

describe('norm pages in the sitemap', () => {
  it('lists every public norm at /normativas/{tipo}/{número}, dated by its last change, and never a norm staff only see', async () => {
    const admin = (await buildLoggedInUser(ctx.app, ctx.db, 'admin')).headers;
    const register = async (fields: Record<string, string | number>) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/regulations',
        headers: admin,
        payload: multipartForm({ author_type: 'concejal', authors: ['Ana'], subject: 'Norma del mapa', ...fields }, fields.state === 'approved' ? { pdf_approved: samplePdf() } : {}),
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number; number: number | null; updated_at?: string }>();
    };
    await register({ type: 'declaration', state: 'approved', number: 4141 });
    await register({ type: 'minute', state: 'approved', number: 4142 });
    await register({ type: 'ordinance', state: 'process' });
    const { rows } = await ctx.db.execute<{ updated_at: Date }>(sql`select updated_at from regulations where type = 'declaration' and number = 4141`);

    const { errors, pages } = await getSitemap();
    expect(errors).toEqual([]);
    expect(pages.find((page) => page.loc === `${PUBLIC_URL}/normativas/declaracion/4141`)).toEqual({ loc: `${PUBLIC_URL}/normativas/declaracion/4141`, lastmod: new Date(rows[0]!.updated_at).toISOString() });
    expect(pages.some((page) => page.loc.includes('4142'))).toBe(false);
    expect(pages.filter((page) => page.loc.includes('/normativas/')).every((page) => /\/normativas\/(ordenanza|resolucion|decreto|declaracion)\/\d+$/.test(page.loc))).toBe(true);
  });
});

describe('a sitemap past the protocol limit', () => {
  // 50,000 rows written and 5 MB of XML parsed: more time than the default on a loaded machine.
  it('becomes an index of numbered files of 50,000 pages each, which together hold every page once', async () => {
    const big = await createTestApp({ publicUrl: 'https://concejo.example' });
    try {
      const now = big.clock.now().toISOString();
      await big.db.execute(sql`
        insert into news (title, description, status, video_url, publication_date)
        select 'Noticia ' || n, '<p>Texto.</p>', 1, 'https://www.instagram.com/p/Cx1/', ${now}::timestamptz - n * interval '1 minute'
        from generate_series(1, ${SITEMAP_MAX_URLS - 10}) n`);
      await big.db.execute(sql`
        insert into regulations (type, number, subject, state, author_type, approved_at)
        select 'ordinance', n, 'Norma ' || n, 'approved', 'concejal', now() from generate_series(1, 20) n`);

      const index = await big.app.inject({ url: '/sitemap.xml' });
      expect(index.statusCode).toBe(200);
      const parsed = parseSitemap(index.body);
      expect(parsed.errors).toEqual([]);
      expect(parsed.root).toBe('{http://www.sitemaps.org/schemas/sitemap/0.9}sitemapindex');
      expect(parsed.files).toEqual(['https://concejo.example/sitemap-1.xml', 'https://concejo.example/sitemap-2.xml']);

      const first = parseSitemap((await big.app.inject({ url: '/sitemap-1.xml' })).body);
      const second = parseSitemap((await big.app.inject({ url: '/sitemap-2.xml' })).body);
      expect([first.errors, second.errors]).toEqual([[], []]);
      expect(first.pages).toHaveLength(SITEMAP_MAX_URLS);
      expect(first.pages.slice(0, 4).map((page) => page.loc)).toEqual(['https://concejo.example/', 'https://concejo.example/normativas', 'https://concejo.example/ver-orden-dia', 'https://concejo.example/datos']);
      const all = [...first.pages, ...second.pages].map((page) => page.loc);
      expect(all).toHaveLength(4 + (SITEMAP_MAX_URLS - 10) + 20);
      expect(new Set(all).size).toBe(all.length);
      expect(second.pages.at(-1)!.loc).toMatch(/^https:\/\/concejo\.example\/normativas\/ordenanza\/\d+$/);

      for (const missing of ['/sitemap-3.xml', '/sitemap-0.xml', '/sitemap-01.xml', '/sitemap-x.xml', `/sitemap-${'9'.repeat(40)}.xml`]) {
        expect((await big.app.inject({ url: missing })).statusCode, missing).toBe(404);
      }
    } finally {
      await big.close();
    }
  }, 120_000);

  it('leaves out what passes the last file, and says so in the log', async () => {
    const log = capturingLogger();
    const small = await createTestApp({ publicUrl: 'https://concejo.example' }, { logger: log.logger });
    try {
      const sitemap = createSitemapService({
        publicUrl: 'https://concejo.example',
        news: { publishedPages: async (limit) => Array.from({ length: Math.min(limit, 10) }, (_, index) => ({ id: index + 1, lastModified: new Date(0) })) },
        regulations: { publishedPages: async () => [] },
        changes: small.app.publicChanges,
        clock: small.clock,
        log: log.logger,
        limits: { urlsPerFile: 4, files: 2 },
      });
      expect(parseSitemap(await sitemap.sitemap()).files).toHaveLength(2);
      const pages = [...parseSitemap((await sitemap.sitemapPart(1))!).pages, ...parseSitemap((await sitemap.sitemapPart(2))!).pages].map((page) => page.loc);
      expect(pages).toEqual(['/', '/normativas', '/ver-orden-dia', '/datos', '/noticia/1', '/noticia/2', '/noticia/3', '/noticia/4'].map((path) => `https://concejo.example${path === '/' ? '/' : path}`));
      expect(await sitemap.sitemapPart(3)).toBeUndefined();
      expect(log.entries().some((entry) => entry.level === 40 && String(entry.msg).startsWith('the sitemap is full'))).toBe(true);
    } finally {
      await small.close();
    }
  });
});
