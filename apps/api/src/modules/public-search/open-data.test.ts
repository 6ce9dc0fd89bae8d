import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@concejo/contracts';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regulationKeywords, regulations as regulationsTable } from '../../db/schema/index.js';
import { xml } from '../../lib/xml.js';
import { errorsPlugin } from '../../plugins/errors.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { insertRegulation } from '../../test/regulation-rows.js';
import { atomFeed, csvCell } from './open-data.js';
import { registryNorms } from '../../test/registry.js';
import { publicSearchRoutes } from './routes.js';
import { createPublicSearch, type PublishedNorms } from './service.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const [number, subject] of [[10, 'Arbolado urbano'], [11, 'Tránsito pesado'], [12, 'Alumbrado público']] as const) {
    await insertRegulation(ctx.db, { type: 'ordinance', state: 'approved', number, subject, createdAt: '2025-05-01T10:00:00-03:00' });
  }
});
afterAll(() => ctx.close());

/**
 * The download routes over a real socket, with the real service and repository but for
 * `allPublished`, which the test replaces to make the database fail at a chosen batch.
 */
async function serveDownloads(allPublished: (base: PublishedNorms) => PublishedNorms['allPublished']) {
  const base: PublishedNorms = registryNorms(ctx.db);
  const norms: PublishedNorms = { ...base, allPublished: allPublished(base) };
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  const search = createPublicSearch({
    norms,
    changes: ctx.app.publicChanges,
    clock: ctx.clock,
    urls: { publicPdf: (key) => `/api/v1/files/${key}` },
    timeZone: 'America/Argentina/Buenos_Aires',
    site: { publicUrl: 'http://localhost:3000', councilName: 'Concejo Deliberante', region: 'Villa del Parque, Buenos Aires' },
  });
  await app.register(publicSearchRoutes, { prefix: '/api/v1', search });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: (path: string) => `http://127.0.0.1:${port}/api/v1${path}` };
}

interface Download {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Whether the whole message arrived (the last chunk of a chunked body included). */
  complete: boolean;
}

/** A GET as a browser or curl makes it, reporting whether the body arrived whole. */
function download(url: string): Promise<Download> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        // A cut connection is an 'error' (ECONNRESET, "aborted") on the response: the outcome is read on 'close'.
        response.on('error', () => undefined);
        response.on('close', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8'), complete: response.complete }),
        );
      })
      .on('error', reject);
  });
}

/** The real batches, then a failure where the next batch would be read (a lost connection, a timeout). */
const failingAt = (failingBatch: number) => (base: PublishedNorms) =>
  async function* (...args: Parameters<PublishedNorms['allPublished']>) {
    let batch = 0;
    for await (const rows of base.allPublished(...args)) {
      batch += 1;
      if (batch === failingBatch) break;
      yield rows;
    }
    throw new Error('Connection terminated unexpectedly');
  };

describe('open data downloads', () => {
  it.each(['csv', 'json'] as const)('sends a complete %s download with no-store, never a cacheable max-age', async (format) => {
    const server = await serveDownloads((base) => base.allPublished);
    try {
      const response = await download(server.url(`/regulations/published.${format}`));
      expect(response.status).toBe(200);
      expect(response.complete).toBe(true);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers.etag).toBeUndefined();
      if (format === 'json') expect(JSON.parse(response.body)).toHaveLength(3);
      else expect(response.body.trim().split('\r\n')).toHaveLength(4);
    } finally {
      await server.app.close();
    }
  });

  it.each(['csv', 'json'] as const)('cuts a %s download that fails midway: the client sees it incomplete, and nothing may cache it', async (format) => {
    const server = await serveDownloads(failingAt(2));
    try {
      const response = await download(server.url(`/regulations/published.${format}`));
      // The headers and the first batch went out before the failure...
      expect(response.status).toBe(200);
      expect(response.body).toContain('Arbolado urbano');
      // ...but the body never completes (no last chunk), so a browser reports a failed download...
      expect(response.complete).toBe(false);
      expect(response.headers['transfer-encoding']).toBe('chunked');
      if (format === 'json') expect(() => JSON.parse(response.body)).toThrow();
      // ...and no browser or proxy may keep it to serve it later as the whole file.
      expect(response.headers['cache-control']).toBe('no-store');
    } finally {
      await server.app.close();
    }
  });

  it.each(['csv', 'json'] as const)('answers a %s download whose first batch fails with a JSON error, not a 200', async (format) => {
    const server = await serveDownloads(failingAt(1));
    try {
      const response = await download(server.url(`/regulations/published.${format}`));
      // The connection to the database was cut: try again in a moment (503), not a 200 nor a 500.
      expect(response.status).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.complete).toBe(true);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-disposition']).toBeUndefined();
      expect(JSON.parse(response.body).message).toBe(MESSAGES.unavailable);
    } finally {
      await server.app.close();
    }
  });

  it("dates a norm saved at 22:30 in Buenos Aires on that day in the CSV, not on the next (UTC) one", async () => {
    // 22:30 on 20 May in Buenos Aires is 01:30 on 21 May in UTC.
    const late = await insertRegulation(ctx.db, { type: 'resolution', state: 'approved', number: 900, subject: 'Sesión nocturna', createdAt: '2025-05-20T22:30:00-03:00' });
    try {
      const csv = await ctx.app.inject({ url: '/api/v1/regulations/published.csv?type=resolution' });
      expect(csv.statusCode).toBe(200);
      const row = csv.body.trim().split('\r\n').find((line) => line.includes('Sesión nocturna'));
      expect(row).toContain('"2025-05-20"');
      expect(row).not.toContain('2025-05-21');
      // The JSON carries the instant itself (ISO 8601 with its zone), which reads as the 20th in Buenos Aires.
      const json = await ctx.app.inject({ url: '/api/v1/regulations/published.json?type=resolution' });
      const item = (json.json() as { subject: string; created_at: string }[]).find((norm) => norm.subject === 'Sesión nocturna');
      expect(item?.created_at).toBe('2025-05-21T01:30:00.000Z');
    } finally {
      await ctx.db.delete(regulationsTable).where(eq(regulationsTable.id, late.id));
    }
  });

  it.each(['csv', 'json'] as const)('checks the %s filters before sending anything: 422 JSON naming the field', async (format) => {
    for (const query of ['from=0000-01-01', 'to=9999-12-31', 'from=2023-02-30', 'type=minute']) {
      const response = await ctx.app.inject({ url: `/api/v1/regulations/published.${format}?${query}` });
      expect(response.statusCode, query).toBe(422);
      expect(response.headers['content-type'], query).toMatch(/^application\/json/);
      expect(response.headers['content-disposition'], query).toBeUndefined();
      expect(Object.keys(response.json().errors), query).toEqual([query.split('=')[0]]);
    }
  });
});

/** Every C0 control character PostgreSQL can store (all but NUL) except tab, line feed and carriage return, and DEL. */
const CONTROLS = [...Array.from({ length: 31 }, (_, index) => String.fromCharCode(index + 1)).filter((character) => !'\t\n\r'.includes(character)), '\u007F'].join('');
// eslint-disable-next-line no-control-regex -- looking for control characters is the point
const ANY_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Parses an XML document as a strict XML 1.0 parser does; answers the errors it reports and the text of `element`s. */
function parseXml(document: string, element: string) {
  const parser = new SaxesParser({ xmlns: true });
  const errors: string[] = [];
  const texts: string[] = [];
  let inside = false;
  parser.on('error', (error) => errors.push(error.message));
  parser.on('opentag', (tag) => (inside = tag.local === element));
  parser.on('text', (text) => inside && texts.push(text));
  parser.on('closetag', () => (inside = false));
  parser.write(document).close();
  return { errors, texts };
}

describe('outputs stay valid whatever a stored row holds', () => {
  let stored: { id: number };

  beforeAll(async () => {
    // Written straight to the database, as rows saved before the forms refused control characters.
    stored = await insertRegulation(ctx.db, {
      type: 'ordinance',
      state: 'approved',
      number: 99,
      subject: `Tema${CONTROLS} con\tcontroles <y> "comillas"`,
      createdAt: '2025-06-01T10:00:00-03:00',
    });
    await ctx.db.update(regulationsTable).set({ approvedAt: new Date('2025-06-02T10:00:00Z') }).where(eq(regulationsTable.id, stored.id));
    await ctx.db.insert(regulationKeywords).values({ regulationId: stored.id, position: 0, word: `clave\u0007${CONTROLS}` });
  });

  it('serves an Atom feed that a strict XML parser reads, the control characters dropped', async () => {
    const response = await ctx.app.inject({ url: '/api/v1/regulations/feed.atom' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(ANY_CONTROL);
    const { errors, texts } = parseXml(response.body, 'summary');
    expect(errors).toEqual([]);
    expect(texts).toEqual(['Tema con\tcontroles <y> "comillas"']);
    // Each entry leads to the norm's own page.
    expect(response.body).toContain('<link rel="alternate" type="text/html" href="http://localhost:3000/normativas/ordenanza/99"/>');
  });

  it('serves CSV and JSON downloads without control characters', async () => {
    const csv = await ctx.app.inject({ url: '/api/v1/regulations/published.csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toMatch(ANY_CONTROL);
    expect(csv.body).toContain('"Tema con\tcontroles <y> ""comillas""","clave"');

    const json = await ctx.app.inject({ url: '/api/v1/regulations/published.json' });
    expect(json.statusCode).toBe(200);
    const row = json.json<{ id: number; subject: string; keywords: { word: string }[] }[]>().find((item) => item.id === stored.id);
    expect(row).toMatchObject({ subject: 'Tema con\tcontroles <y> "comillas"', keywords: [{ word: 'clave' }] });
    expect(json.body).not.toMatch(/\\u00[01][0-9a-f]|\\u007f/i);
  });

  it('drops what XML 1.0 forbids besides control characters: lone surrogates, U+FFFE and U+FFFF', () => {
    expect(xml('a\uD800b\uDC00c\uFFFEd\uFFFFe\u0001f')).toBe('abcdef');
    expect(xml('\uD83D\uDCDC & <b>')).toBe('\uD83D\uDCDC &#38; &#60;b&#62;');
    const feed = atomFeed({
      councilName: 'Concejo\u0002',
      publicUrl: 'http://localhost:3000',
      selfUrl: 'http://localhost:3000/api/v1/regulations/feed.atom',
      now: new Date('2026-03-02T12:00:00Z'),
      entries: [
        { id: 1, title: 'Ordenanza N° 1', subject: 'Texto\uDFFF\u001b[31m rojo', approvedAt: new Date('2026-03-01T12:00:00Z'), pageUrl: null, pdfUrl: null, legalForce: 'repealed', type: 'ordinance' },
        { id: 2, title: 'Decreto N° 2', subject: 'Otro', approvedAt: new Date('2026-03-01T12:00:00Z'), pageUrl: null, pdfUrl: null, legalForce: 'partially_repealed', type: 'decree' },
      ],
    });
    expect(parseXml(feed, 'summary')).toEqual({ errors: [], texts: ['Texto[31m rojo', 'Otro'] });
    expect(parseXml(feed, 'category').errors).toEqual([]);
    expect(feed).toContain('<category term="repealed" label="Derogada"/>');
    // The label agrees with the norm: a decree is «Derogado».
    expect(feed).toContain('<category term="partially_repealed" label="Derogado parcialmente"/>');
  });

  it('drops control characters from a CSV cell before neutralising a formula', () => {
    expect(csvCell('\u0001=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('línea 1\nlínea 2\u000b')).toBe('"línea 1\nlínea 2"');
  });
});
