import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, publicRegulationQuerySchema } from '@concejo/contracts';
import { testConfig } from '../../config.js';
import { FILES_PREFIX } from '../../lib/file-folders.js';
import { registryNorms } from '../../test/registry.js';
import { createPublicSearch } from './service.js';
import { minimalPdf } from '../../lib/minimal-pdf.js';
import { buildLoggedInUser } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { multipartForm, type FormValue } from '../../test/multipart.js';

let ctx: TestContext;
let admin: { authorization: string };
const id: Record<string, number> = {};

/** A fixed corpus: public norms A-F, I, K; G, H, J are not public (wrong type or not approved). */
const CORPUS: Record<string, { fields: Record<string, FormValue>; pdf?: string[]; old?: boolean }> = {
  A: { fields: { type: 'ordinance', number: 100, subject: 'Circulación de camión pesado en el casco urbano', keywords: ['tránsito', 'transporte de carga'], creation_date: '2025-03-10T10:00:00-03:00' }, pdf: ['Artículo 1. Prohíbese el estacionamiento de vehículos de gran porte.'] },
  B: { fields: { type: 'ordinance', number: 101, subject: 'Régimen de habilitaciones comerciales', keywords: ['comercio'], creation_date: '2025-04-01T10:00:00-03:00' }, pdf: ['Los camiones de reparto circularán por la avenida de circunvalación.'] },
  C: { fields: { type: 'resolution', number: 200, subject: 'Declara de interés el Festival del Río', keywords: ['cultura', 'turismo'], creation_date: '2025-05-20T10:00:00-03:00' }, pdf: ['Visto el expediente 4455 y considerando la importancia cultural del río Paraná.'] },
  D: { fields: { type: 'decree', number: 300, subject: 'Convoca a sesión extraordinaria', keywords: ['sesiones'], creation_date: '2025-06-01T23:30:00-03:00' }, pdf: ['El presidente del Concejo decreta la convocatoria.'] },
  E: { fields: { type: 'declaration', number: 400, subject: 'Repudio a la violencia de género', keywords: ['derechos humanos', 'género'], creation_date: '2025-06-02T00:30:00-03:00' }, pdf: ['Ni una menos.'] },
  F: { fields: { type: 'ordinance', number: 102, subject: 'Arbolado público: especies nativas', keywords: ['ambiente', 'árboles'], creation_date: '2025-07-01T10:00:00-03:00' }, pdf: [] },
  G: { fields: { type: 'minute', number: 500, subject: 'Minuta sobre camiones', creation_date: '2025-07-02T10:00:00-03:00' }, pdf: ['camiones'] },
  H: { fields: { type: 'ordinance', state: 'process', subject: 'Proyecto de camiones eléctricos', creation_date: '2025-07-03T10:00:00-03:00' } },
  J: { fields: { type: 'dem-message', dem_type: 'message', number: 9, subject: 'Mensaje sobre camiones', creation_date: '2025-07-04T10:00:00-03:00' } },
  K: { fields: { type: 'resolution', number: 201, subject: 'Circular informativa a los vecinos', keywords: ['comunicación'], creation_date: '2025-08-01T10:00:00-03:00' }, pdf: [''] },
};

beforeAll(async () => {
  ctx = await createTestApp();
  ({ headers: admin } = await buildLoggedInUser(ctx.app, ctx.db, 'admin'));
  for (const [name, { fields, pdf }] of Object.entries(CORPUS)) {
    const state = fields.state ?? 'approved';
    const payload = multipartForm(
      { authors: ['Ana Rodríguez'], state, ...fields },
      pdf ? { [state === 'approved' ? 'pdf_approved' : 'pdf_process']: minimalPdf(pdf) } : {},
    );
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/regulations', headers: admin, payload });
    if (response.statusCode !== 201) throw new Error(`${name}: ${response.body}`);
    id[name] = response.json().id;
  }
  const old = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/old-regulations',
    headers: admin,
    payload: multipartForm({ date: '1995-09-12', type: 'ordinance', number: 50, keywords: ['alumbrado', 'tasas'] }, { pdf: minimalPdf(['Tasa de alumbrado, barrido y limpieza.']) }),
  });
  id.I = old.json().id;
  await ctx.app.jobs.idle();
});
afterAll(() => ctx.close());

async function published(query: string) {
  return ctx.app.inject({ url: `/api/v1/regulations/published?${query}` });
}
async function found(query: string): Promise<string[]> {
  const response = await published(query);
  expect(response.statusCode).toBe(200);
  const ids = response.json().data.map((row: { id: number }) => row.id);
  return Object.keys(id).filter((name) => ids.includes(id[name])).sort();
}
const q = (text: string) => `search=${encodeURIComponent(text)}`;

describe('GET /regulations/published finds what citizens type', () => {
  it.each([
    ['circulacion de camiones', ['A', 'B']],
    ['circulación', ['A', 'B', 'K']],
    ['CAMIÓN', ['A', 'B']],
    ['camiones', ['A', 'B']],
    ['camion pesado', ['A']],
    ['transito', ['A']],
    ['transporte de carga', ['A']],
    ['estacionamiento', ['A']],
    ['prohibese', ['A']],
    ['gran porte', ['A']],
    ['comercial', ['B']],
    ['comercio', ['B']],
    ['reparto', ['B']],
    ['circularan', ['A', 'B', 'K']],
    ['festival', ['C']],
    ['rio', ['C']],
    ['expediente 4455', ['C']],
    ['4455', ['C']],
    ['sesion extraordinaria', ['D']],
    ['decretar', ['D']],
    ['genero', ['E']],
    ['derechos humanos', ['E']],
    ['violencia', ['E']],
    ['arboles', ['F']],
    ['nativa', ['F']],
    ['alumbrado', ['I']],
    ['barrido limpieza', ['I']],
    ['circul', ['A', 'B', 'K']],
    ['minuta', []],
    ['proyecto electricos', []],
    ['mensaje', []],
    ["'; DROP TABLE regulations; --", []],
    ['<script>alert(1)</script>', []],
    ['', ['A', 'B', 'C', 'D', 'E', 'F', 'I', 'K']],
    ['   ', ['A', 'B', 'C', 'D', 'E', 'F', 'I', 'K']],
  ])('"%s" finds %j', async (text, expected) => {
    expect(await found(q(text))).toEqual(expected);
  });

  it.each([
    ['numberSearch=101', ['B']],
    ['numberSearch=50', ['I']],
    ['type=resolution', ['C', 'K']],
    [`type=resolution&${q('circular')}`, ['K']],
    ['from=2025-06-01&to=2025-06-01', ['D']],
    ['from=2025-06-02', ['E', 'F', 'K']],
    ['to=1999-12-31', ['I']],
  ])('with filters %s finds %j', async (query, expected) => {
    expect(await found(query)).toEqual(expected);
  });

  it('ranks a subject match above a match inside the PDF', async () => {
    const response = await published(q('camiones'));
    expect(response.json().data.map((row: { id: number }) => row.id)).toEqual([id.A, id.B]);
  });

  it('says where the words matched, with a highlighted excerpt from the PDF', async () => {
    const [row] = (await published(q('reparto'))).json().data;
    expect(row.matched_in).toEqual(['pdf']);
    expect(row.excerpt).toEqual(
      expect.arrayContaining([{ text: 'reparto', match: true }, expect.objectContaining({ match: false })]),
    );
    expect(row.excerpt.map((segment: { text: string }) => segment.text).join('')).toContain('camiones de reparto');
    const [subjectRow] = (await published(q('festival'))).json().data;
    expect(subjectRow.matched_in).toEqual(['subject']);
    expect(subjectRow.excerpt).toBeNull();
  });

  it('answers the public shape with the approved PDF as a public link', async () => {
    const response = await published('numberSearch=100');
    expect(response.json()).toMatchObject({ total: 1, per_page: 15, current_page: 1, last_page: 1 });
    const [row] = response.json().data;
    expect(Object.keys(row).sort()).toEqual(['created_at', 'dem_type', 'enacted_on', 'excerpt', 'expediente', 'id', 'keywords', 'legal_force', 'matched_in', 'number', 'pdf_approved', 'subject', 'type']);
    expect(row.legal_force).toBe('in_force');
    expect((await ctx.app.inject({ url: row.pdf_approved })).statusCode).toBe(200);
  });

  it('shows the same rows from the in-memory index as from the database, field by field', async () => {
    // The database's answer: the same service without the index (and without the cache).
    const database = createPublicSearch({
      norms: registryNorms(ctx.db),
      changes: { onChange: () => () => undefined, caughtUp: async () => false },
      clock: ctx.clock,
      urls: { publicPdf: (key) => `${API_BASE}${FILES_PREFIX}/${key}` },
      timeZone: testConfig().council.timeZone,
      site: { publicUrl: 'http://localhost', councilName: 'Concejo', region: 'Villa del Parque, Buenos Aires' },
    });
    // Queries no other test asks (an answer from the cache would not say what computed it).
    for (const query of ['from=1990-01-01', 'numberSearch=102', 'type=declaration', 'to=2025-06-30', q('Camiones'), q('Cultura'), q('visto expediente 4455'), q('Alumbrado')]) {
      const response = await published(query);
      expect(response.headers['server-timing']).toContain('search;desc="index"');
      const parsed = publicRegulationQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
      const expected = JSON.parse((await database.listPublished(parsed)).answer.body.toString('utf8')) as { data: { excerpt: unknown }[] };
      // Excerpts are cut differently (ts_headline there, excerpt.ts here); the rest is the same.
      const withoutExcerpts = (answer: { data: { excerpt: unknown }[] }) => ({ ...answer, data: answer.data.map((row) => ({ ...row, excerpt: Boolean(row.excerpt) })) });
      expect(withoutExcerpts(response.json()), query).toEqual(withoutExcerpts(expected));
      expect(response.json().data.length, query).toBeGreaterThan(0);
    }
  });

  it('caches with an ETag and answers 304 when nothing changed', async () => {
    const first = await published('page=1');
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = String(first.headers.etag);
    const second = await ctx.app.inject({ url: '/api/v1/regulations/published?page=1', headers: { 'if-none-match': etag } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it('sends an answer asked for again compressed as the browser accepts, the same JSON under the same ETag', async () => {
    const url = '/api/v1/regulations/published?page=1&type=ordinance';
    const ask = (headers: Record<string, string>) => ctx.app.inject({ url, headers });
    await ctx.app.jobs.idle();
    // A new search: sent as it is (compressing it for one use would only delay it), and kept from its second ask.
    const first = await ask({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    for (const asked of [first, await ask({ 'accept-encoding': 'gzip, deflate, br, zstd' })]) {
      expect(asked.headers['server-timing']).toContain('"miss"');
      expect(asked.headers['content-encoding']).toBeUndefined();
      expect(asked.body).toBe(first.body);
    }
    expect(first.body.length).toBeGreaterThan(1024);
    for (const [accepted, encoding, decompress] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0, gzip;q=0.8', 'gzip', gunzipSync],
    ] as const) {
      const again = await ask({ 'accept-encoding': accepted });
      expect(again.headers['server-timing'], accepted).toContain('"hit"');
      expect(again.headers['content-encoding'], accepted).toBe(encoding);
      expect(again.headers.vary).toBe('Accept-Encoding');
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.rawPayload.length).toBeLessThan(first.body.length / 2);
      expect(decompress(again.rawPayload).toString('utf8')).toBe(first.body);
    }
    // A client that takes no compression gets the JSON as it is; one holding it, a 304.
    expect((await ask({})).headers['content-encoding']).toBeUndefined();
    expect((await ask({})).body).toBe(first.body);
    expect((await ask({ 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
  });
});

describe('pagination and bad input never give a 500', () => {
  it.each(['page=0', 'page=-1', 'page=abc', 'page=1.5', 'type=minute', 'type=correspondence', 'from=31/12/2025', 'to=2025-02-30'])(
    '%s answers 422 with a Spanish message',
    async (query) => {
      const response = await published(query);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toMatch(/[a-z]/);
      expect(response.json().message).not.toMatch(/Invalid|Expected/);
    },
  );

  it('answers an empty page past the end', async () => {
    const response = await published('page=99');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: [], current_page: 99, last_page: 1, total: 8 });
  });

  it('refuses a 10,000-character search with a clear message', async () => {
    const response = await published(q('camion '.repeat(1429)));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.search).toEqual(['La búsqueda puede tener hasta 200 caracteres.']);
  });
});

describe('open data', () => {
  it('downloads every matching row as CSV, with absolute PDF links and formulas neutralised', async () => {
    const response = await ctx.app.inject({ url: `/api/v1/regulations/published.csv?${q('camiones')}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="normativas.csv"');
    const lines = response.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    // Ours, then datos.gob.ar's Normativa columns (DESIGN.md 9.2).
    expect(lines[0]).toBe(
      '"Tipo","N°","Tema","Palabras clave","Fecha de creación","PDF","Vigencia",' +
        '"norma_tipo","numero","nombre","organismo_origen","fecha_sancion","fecha_boletin","numero_boletin","pagina_boletin","texto_resumido","observaciones","url_original","url_texto_actual","modificada_por","modifica_a","region"',
    );
    expect(lines).toHaveLength(3);
    const pdf = 'http:\\/\\/localhost:3000\\/api\\/v1\\/files\\/regulations-approved\\/[0-9a-f-]{36}\\.pdf';
    expect(lines[1]).toMatch(
      new RegExp(
        `^"Ordenanza","100","Circulación de camión pesado en el casco urbano","tránsito; transporte de carga","2025-03-10","${pdf}","Vigente",` +
          `"Ordenanza","100","Ordenanza N° 100","${testConfig().council.name}","2025-03-10","","","","Circulación de camión pesado en el casco urbano","Vigente","${pdf}",` +
          `"http://localhost:3000/normativas/ordenanza/100","","","${testConfig().council.town}, ${testConfig().council.region}"$`,
      ),
    );
  });

  it('downloads all public rows as JSON, not only one page', async () => {
    const response = await ctx.app.inject({ url: '/api/v1/regulations/published.json' });
    expect(response.statusCode).toBe(200);
    const rows = response.json();
    expect(rows).toHaveLength(8);
    expect(rows[0]).toEqual(expect.objectContaining({ type: expect.any(String), subject: expect.any(String), pdf_approved: expect.stringMatching(/^http:\/\/localhost:3000\//) }));
  });

  it('publishes an Atom feed of the newest approvals, without old norms', async () => {
    const response = await ctx.app.inject({ url: '/api/v1/regulations/feed.atom' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const entries = response.body.match(/<entry>/g) ?? [];
    expect(entries).toHaveLength(7);
    expect(response.body).toContain('<title>Ordenanza N° 100</title>');
    expect(response.body).not.toContain('N° 50<');
    expect(response.body).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="es">');
  });

  it('neutralises a cell that a spreadsheet would run as a formula', async () => {
    const { csvCell } = await import('./open-data.js');
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('-2+3')).toBe(`"'-2+3"`);
    expect(csvCell('Tema común')).toBe('"Tema común"');
  });
});

describe('the public search cache', () => {
  it('says in Server-Timing whether the answer came from it: kept from its second ask, then hits, and a miss again after any change', async () => {
    const cacheOf = async () => (await published(q('sondeo de caché'))).headers['server-timing'];
    expect(await cacheOf()).toBe('cache;desc="miss", search;desc="index"');
    expect(await cacheOf()).toBe('cache;desc="miss", search;desc="index"');
    expect(await cacheOf()).toBe('cache;desc="hit"');
    expect(await cacheOf()).toBe('cache;desc="hit"');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/regulations',
      headers: admin,
      payload: multipartForm({ type: 'resolution', state: 'approved', number: 778, subject: 'Cambio que vacía la caché', authors: ['A'] }, { pdf_approved: minimalPdf(['texto']) }),
    });
    expect(response.statusCode).toBe(201);
    // (Reading the new norm's PDF is a change too.)
    await ctx.app.jobs.idle();
    expect(await cacheOf()).toBe('cache;desc="miss", search;desc="index"');
    // Asked before the change: kept at once.
    expect(await cacheOf()).toBe('cache;desc="hit"');
  });

  it('shows a norm approved a moment ago, though the same search was just answered from the cache', async () => {
    await ctx.app.jobs.idle();
    expect(await found(q('zanahoriaunica'))).toEqual([]);
    expect(await found(q('zanahoriaunica'))).toEqual([]);
    const cached = await published(q('zanahoriaunica'));
    expect(cached.headers['server-timing']).toBe('cache;desc="hit"');
    expect(cached.json().data).toEqual([]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/regulations',
      headers: admin,
      payload: multipartForm(
        { type: 'ordinance', state: 'approved', number: 777, subject: 'Huerta de la zanahoriaunica', authors: ['A'] },
        { pdf_approved: minimalPdf(['texto']) },
      ),
    });
    expect(response.statusCode).toBe(201);
    const ids = (await published(q('zanahoriaunica'))).json().data.map((row: { id: number }) => row.id);
    expect(ids).toEqual([response.json().id]);
    await ctx.app.jobs.idle();
  });
});
