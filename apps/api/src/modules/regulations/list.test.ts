import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@concejo/contracts';
import { buildLoggedInUser, buildRegulation } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { multipartForm, samplePdf, type FormValue } from '../../test/multipart.js';
import { PER_PAGE } from './service.js';

let ctx: TestContext;
const as = {} as Record<Role, { headers: { authorization: string }; fullName: string }>;
const ids: Record<string, number> = {};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read the answer's fields as the API spells them
const create = (role: Role, fields: Record<string, FormValue>, files: Record<string, Buffer> = {}) => buildRegulation<any>(ctx.app, as[role].headers, fields, files);

beforeAll(async () => {
  ctx = await createTestApp();
  for (const role of ['admin', 'asesor', 'mesa', 'concejal', 'ejecutivo', 'cm', 'user'] as const) {
    const { headers, user } = await buildLoggedInUser(ctx.app, ctx.db, role);
    as[role] = { headers, fullName: `${user.name} ${user.lastName}` };
  }
  // Dates in the council's time zone (UTC-3): 23:30 on March 1st is already March 2nd in UTC.
  ids.camiones = (await create('admin', {
    type: 'ordinance', state: 'approved', number: 1234, subject: 'Circulación de camión pesado en zona urbana',
    authors: ['Ana Rodríguez'], keywords: ['tránsito'], creation_date: '2026-03-01T23:30:00-03:00',
  }, { pdf_approved: samplePdf() })).id;
  ids.arbolado = (await create('admin', {
    type: 'resolution', subject: 'Plan de arbolado', authors: ['Pedro Gil', 'Ana Rodríguez'], keywords: ['ambiente'],
    creation_date: '2026-03-02T00:30:00-03:00',
  })).id;
  ids.nota = (await create('admin', { type: 'correspondence', subject: 'Nota de vecinos del barrio Norte', authors: ['Vecinos'], creation_date: '2026-03-05T10:00:00-03:00' })).id;
  ids.dem = (await create('admin', { type: 'dem-message', dem_type: 'message', subject: 'Mensaje del intendente', creation_date: '2026-03-06T10:00:00-03:00' })).id;
});
afterAll(() => ctx.close());

async function list(query: string, role: Role = 'asesor') {
  const response = await ctx.app.inject({ url: `/api/v1/regulations?${query}`, headers: as[role].headers });
  return response;
}
const idsOf = (response: { json: () => { data: { id: number }[] } }) => response.json().data.map((row) => row.id);

describe('GET /regulations', () => {
  it('answers the paginated shape with the user name, newest first', async () => {
    const response = await list('page=1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ current_page: 1, total: 4, per_page: PER_PAGE, last_page: 1, userName: as.asesor.fullName });
    expect(idsOf(response)).toEqual([ids.dem, ids.nota, ids.arbolado, ids.camiones]);
    const first = response.json().data.find((row: { id: number }) => row.id === ids.arbolado);
    expect(first.authors).toEqual([{ name: 'Pedro Gil' }, { name: 'Ana Rodríguez' }]);
    expect(first.can).toEqual({ update: true, delete: false, details: true });
  });

  it.each([
    ['search without accents finds the accented subject', 'search=circulacion', ['camiones']],
    ['search by a stem', 'search=camiones', ['camiones']],
    ['search by keyword', 'search=ambiente', ['arbolado']],
    ['search by part of a word', 'search=arbol', ['arbolado']],
    ['number, exact', 'numberSearch=1234', ['camiones']],
    ['number that does not exist', 'numberSearch=12', []],
    ['type', 'type=correspondence', ['nota']],
    ['state', 'state=approved', ['camiones']],
    ['author type as the list filter sends it', 'author_type=DEM', ['dem']],
    ['author, any position, any case', 'author=ana rodr', ['arbolado', 'camiones']],
    ['author without accents', 'author=rodriguez', ['arbolado', 'camiones']],
    ['search by the start of two words', 'search=circ%20pesa', ['camiones']],
    ['search made only of punctuation is no search', 'search=%3C%3E%22', ['dem', 'nota', 'arbolado', 'camiones']],
    ['from and to as council calendar days, inclusive', 'from=2026-03-01&to=2026-03-01', ['camiones']],
    ['from only', 'from=2026-03-02', ['dem', 'nota', 'arbolado']],
    ['several filters at once', 'type=resolution&author=pedro&from=2026-03-02&to=2026-03-02', ['arbolado']],
    ['a search with SQL in it', `search=${encodeURIComponent("x' or 1=1 --")}`, []],
    ['unknown parameters are ignored', 'colour=blue', ['dem', 'nota', 'arbolado', 'camiones']],
  ])('filters: %s', async (_case, query, expected) => {
    const response = await list(query);
    expect(response.statusCode).toBe(200);
    expect(idsOf(response)).toEqual(expected.map((name) => ids[name]));
  });

  it.each(['page=0', 'page=abc', 'from=ayer', 'to=2026-13-45', 'type=ley', 'state=x', 'author_type=robot'])('answers 422 for %s', async (query) => {
    const response = await list(query);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it('answers an empty page past the end', async () => {
    const response = await list('page=50');
    expect(response.json()).toMatchObject({ current_page: 50, data: [], total: 4, last_page: 1 });
  });

  it.each(['admin', 'asesor', 'mesa', 'concejal', 'ejecutivo'] as const)('lets %s read the list', async (role) => {
    expect((await list('page=1', role)).statusCode).toBe(200);
  });

  it.each(['cm', 'user'] as const)('refuses %s with 403', async (role) => {
    expect((await list('page=1', role)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `/api/v1/regulations/${ids.camiones}`, headers: as[role].headers })).statusCode).toBe(403);
  });

  it('refuses a visitor without a token with 401', async () => {
    expect((await ctx.app.inject({ url: '/api/v1/regulations' })).statusCode).toBe(401);
  });
});

describe('GET /regulations/related', () => {
  it('finds linkable norms by subject or number from 3 characters, skipping the one being edited', async () => {
    const response = await ctx.app.inject({ url: `/api/v1/regulations/related?search=camion`, headers: as.asesor.headers });
    expect(response.json()).toEqual([{ id: ids.camiones, type: 'ordinance', number: 1234, subject: 'Circulación de camión pesado en zona urbana' }]);
    const self = await ctx.app.inject({ url: `/api/v1/regulations/related?search=camion&id=${ids.camiones}`, headers: as.asesor.headers });
    expect(self.json()).toEqual([]);
    const byNumber = await ctx.app.inject({ url: `/api/v1/regulations/related?search=1234`, headers: as.asesor.headers });
    expect(byNumber.json().map((row: { id: number }) => row.id)).toEqual([ids.camiones]);
    // Correspondence and DEM messages (sub-type message) cannot be linked.
    const notLinkable = await ctx.app.inject({ url: `/api/v1/regulations/related?search=vecinos`, headers: as.asesor.headers });
    expect(notLinkable.json()).toEqual([]);
  });

  it('answers 422 under 3 characters', async () => {
    const response = await ctx.app.inject({ url: '/api/v1/regulations/related?search=ca', headers: as.asesor.headers });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.search).toEqual(['La búsqueda necesita al menos 3 caracteres.']);
  });
});

describe('old regulations', () => {
  function createOld(role: Role, fields: Record<string, FormValue>, pdf: Buffer | null = samplePdf('Ordenanza antigua')) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/v1/old-regulations',
      headers: as[role].headers,
      payload: multipartForm(fields, pdf ? { pdf } : {}),
    });
  }

  it('an admin loads one, it lists as old with delete only, and an asesor deletes it with its PDF', async () => {
    const created = await createOld('admin', { date: '1998-07-15', type: 'ordinance', number: 45, keywords: ['tasas', 'tasas', ' alumbrado '] });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ is_old: 1, type: 'ordinance', number: 45, state: 'approved', keywords: [{ word: 'tasas' }, { word: 'alumbrado' }] });
    expect(body.created_at.slice(0, 10)).toBe('1998-07-15');

    const row = (await list('numberSearch=45')).json().data[0];
    expect(row.can).toEqual({ update: false, delete: true, details: false });
    const mesaRow = (await list('numberSearch=45', 'mesa')).json().data[0];
    expect(mesaRow.can).toEqual({ update: false, delete: false, details: false });

    const edit = await ctx.app.inject({
      method: 'POST', url: `/api/v1/regulations/${body.id}`, headers: as.admin.headers,
      payload: multipartForm({ changes: JSON.stringify({ subject: 'x' }), version: 1 }),
    });
    expect(edit.statusCode).toBe(403);

    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v1/old-regulations/${body.id}`, headers: as.mesa.headers })).statusCode).toBe(403);
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/old-regulations/${body.id}`, headers: as.asesor.headers });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Normativa eliminada correctamente.' });
    expect((await ctx.app.inject({ url: body.pdf_approved })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v1/old-regulations/${body.id}`, headers: as.asesor.headers })).statusCode).toBe(404);
  });

  it('refuses to delete a regulation that is not old: it is a legal record', async () => {
    const response = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/old-regulations/${ids.camiones}`, headers: as.admin.headers });
    expect(response.statusCode).toBe(403);
  });

  it('asks for the PDF with the spec messages', async () => {
    const missing = await createOld('admin', { date: '2001-01-01', type: 'decree', number: 9 }, null);
    expect(missing.json().errors.pdf).toEqual(['❌ Debe seleccionar un archivo PDF.']);
    const notPdf = await createOld('admin', { date: '2001-01-01', type: 'decree', number: 9 }, Buffer.from('GIF89a'.padEnd(100, 'x')));
    expect(notPdf.json().errors.pdf).toEqual(['❌ Solo se permiten archivos PDF.']);
    const dem = await createOld('admin', { date: '2001-01-01', type: 'dem-message', number: 9 });
    expect(dem.json().errors.dem_type).toEqual(['Debe seleccionar el Tipo de normativa del DEM.']);
  });

  it.each(['asesor', 'mesa', 'concejal', 'ejecutivo', 'cm', 'user'] as const)('refuses %s loading one with 403', async (role) => {
    expect((await createOld(role, { date: '2001-01-01', type: 'decree', number: 10 })).statusCode).toBe(403);
  });
});
