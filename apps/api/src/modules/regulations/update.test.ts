import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGULATION_MESSAGES, type Role } from '@concejo/contracts';
import { buildLoggedInUser, buildRegulation } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { multipartForm, samplePdf, type FormValue } from '../../test/multipart.js';

let ctx: TestContext;
const as = {} as Record<Role, { headers: { authorization: string }; name: string; lastName: string }>;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const role of ['admin', 'asesor', 'mesa', 'concejal', 'ejecutivo', 'cm'] as const) {
    const { headers, user } = await buildLoggedInUser(ctx.app, ctx.db, role);
    as[role] = { headers, name: user.name, lastName: user.lastName };
  }
});
afterAll(() => ctx.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read the answer's fields as the API spells them
const create = (role: Role, fields: Record<string, FormValue>, files: Record<string, Buffer> = {}) => buildRegulation<any>(ctx.app, as[role].headers, fields, files);

function update(role: Role, id: number, version: number, changes: Record<string, unknown>, files: Record<string, Buffer | ''> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/regulations/${id}`,
    headers: as[role].headers,
    payload: multipartForm({ changes: JSON.stringify(changes), version }, files),
  });
}

describe('POST /regulations/:id', () => {
  it('saves only the changed fields and writes one history row per change, with who and when', async () => {
    const project = await create('concejal', { type: 'ordinance', subject: 'Proyecto de arbolado', authors: ['Luis Paz'] }, { pdf_process: samplePdf() });
    const response = await update(
      'admin',
      project.id,
      project.version,
      { state: 'approved', number: 1500, subject: 'Plan de arbolado urbano', keywords: ['arbolado'], authors: [`${as.concejal.name} ${as.concejal.lastName}`] },
      { pdf_approved: samplePdf('Ordenanza 1500') },
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ state: 'approved', number: 1500, subject: 'Plan de arbolado urbano', version: 2, keywords: [{ word: 'arbolado' }] });
    const history = body.modifications.map((entry: { name_cell: string; old_cell: string | null; new_cell: string | null }) => [entry.name_cell, entry.old_cell, entry.new_cell]);
    expect(history).toEqual(
      expect.arrayContaining([
        ['number', null, '1500'],
        ['state', 'process', 'approved'],
        ['subject', 'Proyecto de arbolado', 'Plan de arbolado urbano'],
        ['pdf_approved', null, 'PDF cargado'],
        ['relation: keywords - added', null, 'arbolado'],
        ['relation: authors - removed', 'Luis Paz', null],
      ]),
    );
    expect(history).toHaveLength(6);
    expect(body.modifications[0].user).toEqual({ name: as.admin.name, last_name: as.admin.lastName });
  });

  it('answers 409 when someone saved in between, and keeps the other change', async () => {
    const draft = await create('asesor', { type: 'resolution', subject: 'Tema inicial', authors: ['A'] });
    expect((await update('asesor', draft.id, draft.version, { subject: 'Primera edición' })).statusCode).toBe(200);
    const stale = await update('mesa', draft.id, draft.version, { subject: 'Edición de una página vieja' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/Otra persona modificó/);
    const detail = await ctx.app.inject({ url: `/api/v1/regulations/${draft.id}`, headers: as.mesa.headers });
    expect(detail.json().subject).toBe('Primera edición');
  });

  it('asks for the number and the approved PDF when approving', async () => {
    const draft = await create('asesor', { type: 'ordinance', subject: 'Sin número', authors: ['A'] });
    const withoutNumber = await update('asesor', draft.id, draft.version, { state: 'approved' }, { pdf_approved: samplePdf() });
    expect(withoutNumber.statusCode).toBe(422);
    expect(withoutNumber.json().errors.number).toEqual([REGULATION_MESSAGES.numberAndPdfRequired]);
    const withoutPdf = await update('asesor', draft.id, draft.version, { state: 'approved', number: 77 });
    expect(withoutPdf.json().errors.pdf_approved).toEqual([REGULATION_MESSAGES.numberAndPdfRequired]);
  });

  it('removes a PDF sent as an empty value and replaces one sent again', async () => {
    const draft = await create('asesor', { type: 'ordinance', subject: 'Con PDF', authors: ['A'] }, { pdf_process: samplePdf('v1') });
    const oldUrl = draft.pdf_process;
    const replaced = await update('asesor', draft.id, draft.version, {}, { pdf_process: samplePdf('v2') });
    expect(replaced.json().pdf_process).not.toBe(oldUrl);
    expect((await ctx.app.inject({ url: oldUrl })).statusCode).toBe(404);
    const removed = await update('asesor', draft.id, replaced.json().version, {}, { pdf_process: '' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().pdf_process).toBeNull();
    expect(removed.json().modifications.map((entry: { new_cell: string }) => entry.new_cell)).toEqual(['PDF eliminado', 'PDF reemplazado']);
  });

  it('records links added and removed, from both sides', async () => {
    const base = await create('asesor', { type: 'ordinance', state: 'approved', number: 2001, subject: 'Base', authors: ['A'] }, { pdf_approved: samplePdf() });
    const other = await create('asesor', { type: 'ordinance', state: 'approved', number: 2002, subject: 'Otra', authors: ['A'] }, { pdf_approved: samplePdf() });
    const added = await update('asesor', other.id, other.version, { modifies: [base.id] });
    expect(added.json().regulations_modified).toEqual([{ id: base.id, type: 'ordinance', number: 2001, subject: 'Base', kind: 'modifies', note: null, until: null }]);
    expect(added.json().modifications[0]).toMatchObject({ name_cell: 'relation: modifies - added', new_cell: 'Ordenanza N° 2001' });
    const removed = await update('asesor', other.id, added.json().version, { modifies: [] });
    expect(removed.json().modifications[0]).toMatchObject({ name_cell: 'relation: modifies - removed', old_cell: 'Ordenanza N° 2001' });
    const self = await update('asesor', other.id, removed.json().version, { modified_by: [other.id] });
    expect(self.statusCode).toBe(422);
  });

  it('lets a concejal edit only their own regulations, never approving them', async () => {
    const own = await create('concejal', { type: 'ordinance', subject: 'Mío', authors: [] });
    const others = await create('asesor', { type: 'ordinance', subject: 'Ajeno', authors: ['A'] });
    expect((await update('concejal', own.id, own.version, { subject: 'Mío, corregido' })).statusCode).toBe(200);
    expect((await update('concejal', others.id, others.version, { subject: 'x' })).statusCode).toBe(403);
    expect((await update('concejal', own.id, own.version + 1, { state: 'approved', number: 3 })).statusCode).toBe(403);
    expect((await update('concejal', own.id, own.version + 1, { keywords: ['x'] })).statusCode).toBe(403);
  });

  it.each(['ejecutivo', 'cm'] as const)('refuses %s with 403', async (role) => {
    const draft = await create('asesor', { type: 'minute', subject: 'x', authors: ['A'] });
    expect((await update(role, draft.id, draft.version, { subject: 'y' })).statusCode).toBe(403);
  });

  it.each([
    ['a field that cannot change', { type: 'decree' }, 'type'],
    ['a wrong version', null, 'version'],
    ['changes that are not JSON', '{nope', 'changes'],
  ])('answers 422 for %s', async (_case, changes, field) => {
    const draft = await create('asesor', { type: 'minute', subject: 'x', authors: ['A'] });
    const payload = multipartForm({ changes: typeof changes === 'string' ? changes : JSON.stringify(changes ?? {}), version: changes === null ? 'v1' : draft.version });
    const response = await ctx.app.inject({ method: 'POST', url: `/api/v1/regulations/${draft.id}`, headers: as.asesor.headers, payload });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toContain(field === 'type' ? 'changes' : field);
  });

  it('keeps the creation date as registered: the edit form shows it read-only (spec 7.4), and the API refuses it', async () => {
    const draft = await create('admin', { type: 'minute', subject: 'Minuta a fechar', authors: ['A'] });
    const response = await update('admin', draft.id, draft.version, { created_at: '2024-05-10T10:30' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.changes).toEqual(['Hay campos que no se pueden modificar.']);
  });

  it('makes DEM the only author when an ordinance is changed to author type DEM', async () => {
    const draft = await create('asesor', { type: 'decree', authors: ['Alguien'], subject: 'Decreto de tarifas' });
    const response = await update('asesor', draft.id, draft.version, { author_type: 'DEM' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ author_type: 'DEM', authors: [{ name: 'DEM' }] });
  });

  it('answers 404 for a regulation that does not exist', async () => {
    expect((await update('asesor', 987_654, 1, { subject: 'x' })).statusCode).toBe(404);
  });
});

describe('process PDFs are private until an agenda makes the project public (DESIGN.md 9.2)', () => {
  it('are reached only through a signed link that expires', async () => {
    const draft = await create('asesor', { type: 'ordinance', subject: 'Privado', authors: ['A'] }, { pdf_process: samplePdf() });
    const url: string = draft.pdf_process;
    expect(url).toMatch(/^\/api\/v1\/files\/regulations-process\/[0-9a-f-]{36}\.pdf\?expires=\d+&signature=/);
    expect((await ctx.app.inject({ url })).statusCode).toBe(200);
    // Without a link: the same answer as for a file that does not exist.
    expect((await ctx.app.inject({ url: url.split('?')[0]! })).statusCode).toBe(404);
    // One character of the signature changed (to another: a signature may well start with 'X').
    const tampered = url.replace(/signature=(.)/, (_, first: string) => `signature=${first === 'X' ? 'Y' : 'X'}`);
    expect((await ctx.app.inject({ url: tampered })).statusCode).toBe(403);
    ctx.clock.advance(16 * 60_000);
    const expired = await ctx.app.inject({ url });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe('El enlace al archivo venció o no es válido. Vuelve a abrir la normativa.');
  });
});
