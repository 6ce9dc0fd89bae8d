import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGULATION_MESSAGES, TEXT_MESSAGES, type Role } from '@concejo/contracts';
import { buildLoggedInUser } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { multipartForm, samplePdf, type FormValue } from '../../test/multipart.js';

let ctx: TestContext;
const as = {} as Record<Role, { headers: { authorization: string }; name: string }>;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const role of ['admin', 'asesor', 'mesa', 'concejal', 'ejecutivo', 'cm', 'user'] as const) {
    const { headers, user } = await buildLoggedInUser(ctx.app, ctx.db, role);
    as[role] = { headers, name: `${user.name} ${user.lastName}` };
  }
});
afterAll(() => ctx.close());

function create(role: Role | null, fields: Record<string, FormValue | undefined>, files: Record<string, Buffer | ''> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/regulations',
    headers: role ? as[role].headers : {},
    payload: multipartForm(fields, files),
  });
}

const approvedOrdinance = (number: number, extra: Record<string, FormValue> = {}) => ({
  type: 'ordinance',
  state: 'approved',
  number,
  subject: 'Circulación de camiones pesados en el casco urbano',
  authors: ['Ana Rodríguez'],
  keywords: ['tránsito', 'camiones'],
  ...extra,
});

describe('POST /regulations as asesor', () => {
  it('registers an approved ordinance with its PDF, keywords and a link to an older norm', async () => {
    const older = await create('asesor', approvedOrdinance(100, { subject: 'Tránsito pesado (original)' }), { pdf_approved: samplePdf() });
    expect(older.statusCode).toBe(201);

    const response = await create('asesor', approvedOrdinance(101, { modifies: [older.json().id] }), {
      pdf_approved: samplePdf('Ordenanza 101'),
      pdf_process: samplePdf('Proyecto'),
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      type: 'ordinance',
      number: 101,
      state: 'approved',
      author_type: 'concejal',
      authors: [{ name: 'Ana Rodríguez' }],
      keywords: [{ word: 'tránsito' }, { word: 'camiones' }],
      is_old: 0,
      version: 1,
      regulations_modified: [{ id: older.json().id, type: 'ordinance', number: 100, subject: 'Tránsito pesado (original)' }],
      regulations_that_modify: [],
      modifications: [],
    });
    expect(body.cargo).toBe(older.json().cargo + 1);

    const pdf = await ctx.app.inject({ url: body.pdf_approved });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Public while its norm is: browsers ask again each time (a cheap 304), never a year-long copy.
    expect(pdf.headers['cache-control']).toBe('public, no-cache');

    const olderDetail = await ctx.app.inject({ url: `/api/v1/regulations/${older.json().id}`, headers: as.asesor.headers });
    expect(olderDetail.json().regulations_that_modify).toEqual([expect.objectContaining({ id: body.id, number: 101 })]);
  });

  it('trims, drops empty and de-duplicates keywords and authors', async () => {
    const response = await create('asesor', {
      type: 'resolution',
      subject: '  Declara de interés el festival del río  ',
      authors: [' Ana  Rodríguez ', 'ana rodríguez', 'Pedro Gil'],
      keywords: ['cultura', ' Cultura ', 'río'],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      subject: 'Declara de interés el festival del río',
      authors: [{ name: 'Ana Rodríguez' }, { name: 'Pedro Gil' }],
      keywords: [{ word: 'cultura' }, { word: 'río' }],
      state: 'process',
      number: null,
    });
  });

  it.each([
    ['approved without a number', approvedOrdinance(0, { number: '' }), { pdf_approved: samplePdf() }, 'number', REGULATION_MESSAGES.numberRequired],
    ['an approved ordinance without its PDF', approvedOrdinance(200), {}, 'pdf_approved', REGULATION_MESSAGES.approvedPdfRequired],
    ['a DEM message without its sub-type', { type: 'dem-message', subject: 'Mensaje del intendente' }, {}, 'dem_type', REGULATION_MESSAGES.demTypeRequired],
    [
      'an approved DEM decree without its PDF',
      { type: 'dem-message', dem_type: 'decree', state: 'approved', number: 7, subject: 'Decreto del DEM' },
      {},
      'pdf_approved',
      REGULATION_MESSAGES.approvedPdfRequired,
    ],
    ['a correspondence with a PDF', { type: 'correspondence', subject: 'Nota vecinal', authors: ['Vecinos'] }, { pdf_process: samplePdf() }, 'type', 'La correspondencia no lleva PDF ni normas relacionadas.'],
    ['a subject of spaces', { type: 'minute', subject: '   ', authors: ['X'] }, {}, 'subject', 'El tema es obligatorio.'],
    ['a subject too long', { type: 'minute', subject: 'a'.repeat(2001), authors: ['X'] }, {}, 'subject', 'El tema puede tener hasta 2000 caracteres.'],
    ['an unknown type', { type: 'ley', subject: 'x' }, {}, 'type', 'El tipo de normativa no es válido.'],
    ['a number that is not a number', approvedOrdinance(1, { number: 'doce' }), { pdf_approved: samplePdf() }, 'number', 'El número debe ser un entero positivo.'],
    ['a number while in process', { type: 'ordinance', subject: 'x', authors: ['A'], number: 5 }, {}, 'number', 'El número se asigna al aprobar la normativa.'],
    ['no authors', { type: 'ordinance', subject: 'x', author_type: 'concejal' }, {}, 'authors', 'Debe ingresar al menos un autor.'],
  ])('answers 422 for %s, with the spec message', async (_case, fields, files, field, message) => {
    const response = await create('asesor', fields, files as Record<string, Buffer>);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toContain(message);
  });

  it('answers 422 naming the existing norm when the (type, number) pair is taken', async () => {
    const first = await create('asesor', approvedOrdinance(300), { pdf_approved: samplePdf() });
    const second = await create('asesor', approvedOrdinance(300), { pdf_approved: samplePdf() });
    expect(second.statusCode).toBe(422);
    expect(second.json().errors.number).toEqual([`Ya existe Ordenanza N° 300 (Cargo N° ${first.json().cargo}).`]);
    // Same number, other type: fine.
    const resolution = await create('asesor', { ...approvedOrdinance(300), type: 'resolution' }, { pdf_approved: samplePdf() });
    expect(resolution.statusCode).toBe(201);
  });

  it('registers ordinances and decrees by a concejal: the create form offers no other author type (spec 4)', async () => {
    const response = await create('asesor', { type: 'decree', author_type: 'DEM', authors: ['Alguien'], subject: 'Decreto de tarifas' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ author_type: 'concejal', authors: [{ name: 'Alguien' }] });
  });

  it('sets the author type from the type whatever the client sends', async () => {
    const correspondence = await create('asesor', { type: 'correspondence', author_type: 'DEM', authors: ['Club Social'], subject: 'Pedido de subsidio' });
    expect(correspondence.json()).toMatchObject({ author_type: 'particular', authors: [{ name: 'Club Social' }] });
    const message = await create('asesor', { type: 'dem-message', dem_type: 'message', subject: 'Mensaje anual' });
    expect(message.json()).toMatchObject({ author_type: 'DEM', authors: [{ name: 'DEM' }], dem_type: 'message' });
  });

  it('refuses links for types that cannot have them and links to norms that do not exist', async () => {
    const minute = await create('asesor', { type: 'minute', subject: 'Minuta', authors: ['A'], modifies: [1] });
    expect(minute.statusCode).toBe(422);
    expect(minute.json().errors.modifies).toEqual(['Este tipo de normativa no modifica ni es modificada por otras.']);
    const missing = await create('asesor', { type: 'ordinance', subject: 'Ord', authors: ['A'], modifies: [999_999] });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.modifies).toEqual(['Alguna de las normas relacionadas no existe o no admite relaciones.']);
  });
});

describe('files are checked by content', () => {
  it.each([
    ['a PNG renamed .pdf', Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex')],
    ['a text that starts like a PDF', Buffer.from('%PDF-1.7\nnot really a pdf, just text pretending to be one......')],
    ['an HTML page', Buffer.from('<html><script>alert(1)</script></html>'.repeat(5))],
  ])('refuses %s with the spec message', async (_case, content) => {
    const response = await create('asesor', approvedOrdinance(400), { pdf_approved: content });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.pdf_approved).toEqual([REGULATION_MESSAGES.pdfOnly]);
  });

  it('treats an empty file as no file', async () => {
    const response = await create('asesor', approvedOrdinance(401), { pdf_approved: Buffer.alloc(0) });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.pdf_approved).toEqual([REGULATION_MESSAGES.approvedPdfRequired]);
  });

  it('answers 413 for a PDF over 20 MB', async () => {
    const big = Buffer.concat([samplePdf(), Buffer.alloc(21 * 1024 * 1024, 32)]);
    const response = await create('asesor', approvedOrdinance(402), { pdf_approved: big });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('El PDF supera el tamaño máximo de 20 MB.');
  });

  it('refuses a file in a field that takes none', async () => {
    const response = await create('asesor', approvedOrdinance(403), { subject: samplePdf() } as Record<string, Buffer>);
    expect(response.statusCode).toBe(422);
  });
});

describe('what each role may register', () => {
  it('a concejal files a project as its first author, and cannot approve, add keywords or file correspondence', async () => {
    const project = await create('concejal', { type: 'ordinance', subject: 'Proyecto de ciclovías', authors: ['Otro Concejal'] }, { pdf_process: samplePdf() });
    expect(project.statusCode).toBe(201);
    expect(project.json()).toMatchObject({
      author_type: 'concejal',
      state: 'process',
      authors: [{ name: as.concejal.name }, { name: 'Otro Concejal' }],
    });

    const dem = await create('concejal', { type: 'ordinance', subject: 'x', author_type: 'DEM' });
    expect(dem.statusCode).toBe(422);
    expect(dem.json().errors.author_type).toEqual([REGULATION_MESSAGES.concejalAuthorOnly]);

    for (const fields of [
      { type: 'ordinance', subject: 'x', state: 'approved', number: 900 },
      { type: 'ordinance', subject: 'x', keywords: ['a'] },
      { type: 'correspondence', subject: 'x' },
      { type: 'dem-message', dem_type: 'message', subject: 'x' },
    ]) {
      expect((await create('concejal', fields)).statusCode).toBe(403);
    }
    expect((await create('concejal', { type: 'ordinance', subject: 'x' }, { pdf_approved: samplePdf() })).statusCode).toBe(403);
  });

  it('the ejecutivo files only DEM messages, with their sub-type, authored by DEM', async () => {
    const message = await create('ejecutivo', { type: 'dem-message', dem_type: 'ordinance', subject: 'Proyecto de presupuesto' }, { pdf_process: samplePdf() });
    expect(message.statusCode).toBe(201);
    expect(message.json()).toMatchObject({ type: 'dem-message', dem_type: 'ordinance', author_type: 'DEM', authors: [{ name: 'DEM' }], state: 'process' });
    expect((await create('ejecutivo', { type: 'ordinance', subject: 'x' })).statusCode).toBe(403);
  });

  it('mesa de entrada registers in process, without the process PDF', async () => {
    const entry = await create('mesa', { type: 'correspondence', subject: 'Nota de la cooperadora', authors: ['Cooperadora Escuela 4'] });
    expect(entry.statusCode).toBe(201);
    expect((await create('mesa', { type: 'ordinance', subject: 'x', authors: ['A'] }, { pdf_process: samplePdf() })).statusCode).toBe(403);
    expect((await create('mesa', approvedOrdinance(901), { pdf_approved: samplePdf() })).statusCode).toBe(403);
    const demMessage = await create('mesa', { type: 'dem-message', dem_type: 'message', subject: 'Mensaje ingresado por mesa' });
    expect(demMessage.statusCode).toBe(201);
    expect(demMessage.json()).toMatchObject({ dem_type: 'message', author_type: 'DEM', state: 'process' });
  });

  it('only an admin sets the creation date', async () => {
    const fields = { type: 'minute', subject: 'Minuta con fecha', authors: ['A'], creation_date: '2024-05-10T10:30:00-03:00' };
    const admin = await create('admin', fields);
    expect(admin.statusCode).toBe(201);
    expect(admin.json().created_at).toBe('2024-05-10T13:30:00.000Z');
    expect((await create('asesor', fields)).statusCode).toBe(403);
  });

  it("reads a creation date without an offset as the council's wall clock, whatever the server's time zone", async () => {
    const response = await create('admin', { type: 'minute', subject: 'Minuta con hora local', authors: ['A'], creation_date: '2024-05-10T10:30' });
    expect(response.statusCode).toBe(201);
    expect(response.json().created_at).toBe('2024-05-10T13:30:00.000Z');
  });

  it.each(['cm', 'user'] as const)('refuses %s with 403', async (role) => {
    const response = await create(role, { type: 'minute', subject: 'x', authors: ['A'] });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('No tienes permiso para realizar esta acción.');
  });

  it('refuses a visitor without a token with 401, before reading the upload', async () => {
    expect((await create(null, { type: 'minute', subject: 'x' }, { pdf_process: samplePdf() })).statusCode).toBe(401);
  });

  it('refuses links from a mesa or a concejal', async () => {
    const target = await create('asesor', approvedOrdinance(950), { pdf_approved: samplePdf() });
    for (const role of ['mesa', 'concejal'] as const) {
      expect((await create(role, { type: 'ordinance', subject: 'x', authors: ['A'], modifies: [target.json().id] })).statusCode).toBe(403);
    }
  });
});

describe('hostile input', () => {
  const hostile = ["<script>alert('x')</script>", "'; drop table regulations; --", '{{constructor.constructor("alert(1)")()}}', '\u0000\u202e'];

  it.each(hostile)('stores %j as plain text and answers it back unchanged in JSON', async (text) => {
    const response = await create('asesor', { type: 'minute', subject: `Tema ${text}`, authors: [`Autor ${text}`], keywords: [`clave ${text}`] });
    if (text.includes('\u0000')) {
      // A control character (NUL among them, which PostgreSQL text cannot hold) is refused by the
      // schema, field by field, never a 500.
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        subject: [TEXT_MESSAGES.controlCharacters],
        authors: [TEXT_MESSAGES.controlCharacters],
        keywords: [TEXT_MESSAGES.controlCharacters],
      });
      return;
    }
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json().subject).toBe(`Tema ${text}`);
    const list = await ctx.app.inject({ url: `/api/v1/regulations?search=${encodeURIComponent(text)}`, headers: as.asesor.headers });
    expect(list.statusCode).toBe(200);
  });
});
