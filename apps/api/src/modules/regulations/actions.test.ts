import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_MESSAGES, type PublishedRegulationDetail, type PublishedRegulationList, type RegulationAction, type RegulationDetail, type Role, type StaffRegulationList } from '@concejo/contracts';
import { buildLoggedInUser, buildRegulation } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { multipartForm, samplePdf } from '../../test/multipart.js';

let ctx: TestContext;
const as = {} as Record<Role, Record<string, string>>;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const role of ['admin', 'asesor', 'concejal', 'cm', 'ejecutivo'] as const) as[role] = (await buildLoggedInUser(ctx.app, ctx.db, role)).headers;
});
afterAll(() => ctx.close());

const project = (subject: string, extra: Record<string, string | string[]> = {}) => ({ type: 'ordinance', subject, authors: ['Ana Pérez'], ...extra });
const actionsOf = async (id: number) => (await ctx.app.inject({ method: 'GET', url: `/api/v1/regulations/${id}/actions`, headers: as.asesor })).json<RegulationAction[]>();
const add = (id: number, body: unknown, role: Role | null = 'asesor') =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/regulations/${id}/actions`, headers: role ? as[role] : {}, payload: body as Record<string, unknown> });
const historyOf = async (id: number) => (await ctx.app.inject({ method: 'GET', url: `/api/v1/regulations/${id}`, headers: as.admin })).json<RegulationDetail>().modifications;

describe('the expediente', () => {
  it('is given on registration, one sequence per year with the author type\'s letter, and found whole in the staff list', async () => {
    const first = await buildRegulation<RegulationDetail>(ctx.app, as.asesor, project('Arbolado de la plaza'));
    const second = await buildRegulation<RegulationDetail>(ctx.app, as.admin, project('Nota de vecinos', { type: 'correspondence', author_type: 'particular' }));
    // The test clock is on 2026-03-02 (TestClock).
    expect(first.expediente).toMatch(/^\d+-C-2026$/);
    const [sequence] = first.expediente!.split('-');
    expect(second.expediente).toBe(`${Number(sequence) + 1}-P-2026`);

    const found = (await ctx.app.inject({ method: 'GET', url: `/api/v1/regulations?search=${encodeURIComponent(` ${first.expediente!.toLowerCase()} `)}`, headers: as.asesor })).json<StaffRegulationList>();
    expect(found.data.map((item) => item.id)).toEqual([first.id]);
  });

  it('is never shared: fifty registrations at once get fifty consecutive numbers', async () => {
    const created = await Promise.all(Array.from({ length: 50 }, (_, n) => buildRegulation<RegulationDetail>(ctx.app, as.asesor, project(`Proyecto simultáneo ${n}`))));
    const numbers = created.map((item) => Number(item.expediente!.split('-')[0])).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(50);
    expect(numbers.at(-1)! - numbers[0]!).toBe(49);
  });

  it('is not given to an archive norm, whose path is its sanción on the date it was loaded with', async () => {
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/old-regulations',
      headers: as.admin,
      payload: multipartForm({ date: '1998-05-04', type: 'ordinance', number: 77001, keywords: ['archivo'] }, { pdf: samplePdf() }),
    });
    expect(old.statusCode, old.body).toBe(201);
    const norm = old.json<RegulationDetail>();
    expect(norm.expediente).toBeNull();
    expect(norm.actions.map((action) => [action.kind, action.date, action.automatic])).toEqual([['sancion', '1998-05-04', true]]);
    const page = (await ctx.app.inject({ method: 'GET', url: '/api/v1/regulations/published/ordinance/77001' })).json<PublishedRegulationDetail>();
    expect(page).toMatchObject({ expediente: null, enacted_on: '1998-05-04', published_on: null });
    const refused = await add(norm.id, { kind: 'archivo', date: '2026-03-02' }, 'admin');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.kind).toEqual([ACTION_MESSAGES.noExpediente]);
  });
});

describe('the trámite', () => {
  it('starts with the ingreso on registration, and approval writes the sanción', async () => {
    const created = await buildRegulation<RegulationDetail>(ctx.app, as.asesor, project('Semáforos en la avenida'));
    expect(created.actions.map((action) => [action.kind, action.date, action.automatic])).toEqual([['ingreso', '2026-03-02', true]]);

    // Approved ten days later (by an admin logged in then; the clock goes back for the other tests).
    const tenDays = 10 * 24 * 3600_000;
    ctx.clock.advance(tenDays);
    const approved = await ctx.app
      .inject({
        method: 'POST',
        url: `/api/v1/regulations/${created.id}`,
        headers: (await buildLoggedInUser(ctx.app, ctx.db, 'admin')).headers,
        payload: multipartForm({ changes: JSON.stringify({ state: 'approved', number: 88001 }), version: created.version }, { pdf_approved: samplePdf() }),
      })
      .finally(() => ctx.clock.advance(-tenDays));
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<RegulationDetail>().actions.map((action) => [action.kind, action.date])).toEqual([
      ['ingreso', '2026-03-02'],
      ['sancion', '2026-03-12'],
    ]);
  });

  it('a norm registered approved with a creation date is sanctioned that day', async () => {
    const created = await buildRegulation<RegulationDetail>(ctx.app, as.admin, { ...project('Ordenanza tarifaria 2019'), state: 'approved', number: '88002', creation_date: '2019-12-20T10:00' }, { pdf_approved: samplePdf() });
    expect(created.actions.map((action) => [action.kind, action.date])).toEqual([
      ['ingreso', '2019-12-20'],
      ['sancion', '2019-12-20'],
    ]);
  });

  it('the staff add the manual steps, listed oldest first, each in the history', async () => {
    const { id } = await buildRegulation<RegulationDetail>(ctx.app, as.asesor, project('Ciclovías'));
    const giro = await add(id, { kind: 'giro', date: '2026-03-05', committee: 'obras', note: 'Con copia a Hacienda' });
    expect(giro.statusCode, giro.body).toBe(201);
    expect(giro.json()).toMatchObject({ kind: 'giro', label: 'Giro a comisión', committee: 'obras', note: 'Con copia a Hacienda', automatic: false });
    const despacho = await add(id, { kind: 'despacho', date: '2026-03-04', committee: 'obras', majority: 'mayoria' });
    expect(despacho.statusCode, despacho.body).toBe(201);
    expect((await actionsOf(id)).map((action) => action.kind)).toEqual(['ingreso', 'despacho', 'giro']);
    const history = await historyOf(id);
    expect(history.map((entry) => entry.name_cell)).toEqual(expect.arrayContaining(['Trámite: Giro a comisión', 'Trámite: Despacho de comisión']));
    expect(history.find((entry) => entry.name_cell === 'Trámite: Giro a comisión')!.new_cell).toBe('2026-03-05 · Comisión de Obras Públicas · Con copia a Hacienda');
  });

  it('keeps the path\'s order: a step dated before the one it follows is refused, naming both', async () => {
    const { id } = await buildRegulation<RegulationDetail>(ctx.app, as.admin, { ...project('Boletín'), state: 'approved', number: '88003' }, { pdf_approved: samplePdf() });
    const early = await add(id, { kind: 'publicacion', date: '2026-02-01', edition: '1234', page: '3' }, 'admin');
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.date[0]).toMatch(/Publicación en el Boletín Oficial \(2026-02-01\).*(Ingreso por Mesa de Entradas|Sanción) \(2026-03-02\)/);
    const promulgated = await add(id, { kind: 'promulgacion', promulgation: 'expresa', decree: '45/2026', date: '2026-03-06' }, 'admin');
    expect(promulgated.statusCode, promulgated.body).toBe(201);
    const published = await add(id, { kind: 'publicacion', date: '2026-03-09', edition: '1234', page: '3', url: 'https://boletin.example.org/1234.pdf' }, 'admin');
    expect(published.statusCode, published.body).toBe(201);
    const beforePromulgation = await add(id, { kind: 'publicacion', date: '2026-03-05', edition: '1235' }, 'admin');
    expect(beforePromulgation.json().errors.date).toEqual(['La fecha de Publicación en el Boletín Oficial (2026-03-05) no puede ser anterior a la de Promulgación (2026-03-06).']);
  });

  it('corrects the date of an automatic step, but never deletes one; a manual one is deleted', async () => {
    const { id } = await buildRegulation<RegulationDetail>(ctx.app, as.asesor, project('Archivo tardío'));
    const [ingreso] = await actionsOf(id);
    const redated = await ctx.app.inject({ method: 'PATCH', url: `/api/v1/regulations/${id}/actions/${ingreso!.id}`, headers: as.asesor, payload: { date: '2025-11-03' } });
    expect(redated.statusCode, redated.body).toBe(200);
    expect(redated.json().date).toBe('2025-11-03');
    expect((await historyOf(id)).some((entry) => entry.name_cell === 'Trámite: fecha de Ingreso por Mesa de Entradas' && entry.old_cell === '2026-03-02' && entry.new_cell === '2025-11-03')).toBe(true);

    const kept = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/regulations/${id}/actions/${ingreso!.id}`, headers: as.asesor });
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toBe(ACTION_MESSAGES.notAutomatic);

    const archivo = (await add(id, { kind: 'archivo', date: '2026-03-02' })).json<RegulationAction>();
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/regulations/${id}/actions/${archivo.id}`, headers: as.asesor });
    expect(removed.statusCode).toBe(200);
    expect((await actionsOf(id)).map((action) => action.kind)).toEqual(['ingreso']);
  });

  it('answers 401 without a session, 403 to a role that cannot edit it, 404 for what does not exist', async () => {
    const { id } = await buildRegulation<RegulationDetail>(ctx.app, as.asesor, project('Permisos'));
    expect((await add(id, { kind: 'archivo', date: '2026-03-02' }, null)).statusCode).toBe(401);
    expect((await add(id, { kind: 'archivo', date: '2026-03-02' }, 'cm')).statusCode).toBe(403);
    expect((await add(id, { kind: 'archivo', date: '2026-03-02' }, 'ejecutivo')).statusCode).toBe(403);
    // A concejal edits only the projects they filed.
    expect((await add(id, { kind: 'archivo', date: '2026-03-02' }, 'concejal')).statusCode).toBe(403);
    expect((await add(2_000_000_000, { kind: 'archivo', date: '2026-03-02' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'PATCH', url: `/api/v1/regulations/${id}/actions/2000000000`, headers: as.asesor, payload: { date: '2026-03-02' } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v1/regulations/${id}/actions/99999999999`, headers: as.asesor })).statusCode).toBe(422);
  });

  it('refuses malformed steps with a message per field, never a 500', async () => {
    const { id } = await buildRegulation<RegulationDetail>(ctx.app, as.asesor, project('Entradas hostiles'));
    const cases: [unknown, string][] = [
      [{ kind: 'sancion', date: '2026-03-02' }, 'kind'],
      [{ kind: 'tratamiento', date: '2026-03-02' }, 'kind'],
      [{ kind: 'giro', date: '2026-02-30', committee: 'obras' }, 'date'],
      [{ kind: 'giro', date: '2026-03-03', committee: 'deportes' }, 'committee'],
      [{ kind: 'despacho', date: '2026-03-03', committee: 'obras' }, 'majority'],
      [{ kind: 'veto', date: '2026-03-03', veto: 'total' }, 'decree'],
      [{ kind: 'promulgacion', date: '2026-03-03' }, 'promulgation'],
      [{ kind: 'publicacion', date: '2026-03-03', edition: '12', page: '0' }, 'page'],
      [{ kind: 'publicacion', date: '2026-03-03', edition: '12', url: 'javascript:alert(1)' }, 'url'],
      [{ kind: 'archivo', date: '2026-03-03', note: 'x'.repeat(501) }, 'note'],
      [{ kind: 'archivo', date: '2026-03-03', note: { nested: { deeper: [1, 2, 3] } } }, 'note'],
    ];
    for (const [body, field] of cases) {
      const answer = await add(id, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(answer.json().errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await actionsOf(id)).map((action) => action.kind)).toEqual(['ingreso']);
  });
});

describe('the dates of a norm', () => {
  const published = async (number: number) => (await ctx.app.inject({ method: 'GET', url: `/api/v1/regulations/published/ordinance/${number}` })).json<PublishedRegulationDetail>();
  const search = async (query: string) => (await ctx.app.inject({ method: 'GET', url: `/api/v1/regulations/published?${query}` })).json<PublishedRegulationList>();

  it('follow its steps: enacted, promulgated, published and in force, on its page and in the search results', async () => {
    const created = await buildRegulation<RegulationDetail>(ctx.app, as.admin, { ...project('Tasa de alumbrado público'), state: 'approved', number: '88010' }, { pdf_approved: samplePdf() });
    expect(await published(88010)).toMatchObject({ expediente: created.expediente, enacted_on: '2026-03-02', promulgated_on: null, published_on: null, in_force_from: null });

    expect((await add(created.id, { kind: 'promulgacion', promulgation: 'tacita', date: '2026-03-12' }, 'admin')).statusCode).toBe(201);
    const boletin = await add(created.id, { kind: 'publicacion', date: '2026-03-16', edition: '2044', page: '12', in_force_from: '2026-04-01' }, 'admin');
    expect(boletin.statusCode, boletin.body).toBe(201);
    expect(boletin.json()).toMatchObject({ edition: '2044', page: 12, in_force_from: '2026-04-01' });
    const page = await published(88010);
    expect(page).toMatchObject({ enacted_on: '2026-03-02', promulgated_on: '2026-03-12', published_on: '2026-03-16', in_force_from: '2026-04-01' });
    expect(page.actions.map((action) => action.kind)).toEqual(['ingreso', 'sancion', 'promulgacion', 'publicacion']);

    // The list of the public search shows its expediente and enactment too (from the in-memory index).
    const listed = (await search('search=alumbrado')).data.find((item) => item.id === created.id);
    expect(listed).toMatchObject({ expediente: created.expediente, enacted_on: '2026-03-02' });

    // A publication taken back takes its dates with it; a sanción redated moves the enactment.
    await ctx.app.inject({ method: 'DELETE', url: `/api/v1/regulations/${created.id}/actions/${boletin.json<RegulationAction>().id}`, headers: as.admin });
    const sancion = page.actions.find((action) => action.kind === 'sancion')!;
    const redated = await ctx.app.inject({ method: 'PATCH', url: `/api/v1/regulations/${created.id}/actions/${sancion.id}`, headers: as.admin, payload: { date: '2026-03-03' } });
    expect(redated.statusCode, redated.body).toBe(200);
    expect(await published(88010)).toMatchObject({ enacted_on: '2026-03-03', published_on: null, in_force_from: null });
    expect((await search('search=alumbrado')).data.find((item) => item.id === created.id)).toMatchObject({ enacted_on: '2026-03-03' });
  });

  it('a public norm is found by its whole expediente, in the list and in its downloads; a project in process is not', async () => {
    const approved = await buildRegulation<RegulationDetail>(ctx.app, as.admin, { ...project('Poda de arbolado'), state: 'approved', number: '88011' }, { pdf_approved: samplePdf() });
    const inProcess = await buildRegulation<RegulationDetail>(ctx.app, as.asesor, project('Poda en proceso'));
    const found = await search(`search=${encodeURIComponent(approved.expediente!.toLowerCase())}`);
    expect(found.data.map((item) => item.id)).toEqual([approved.id]);
    expect(found.total).toBe(1);
    expect((await search(`search=${encodeURIComponent(inProcess.expediente!)}`)).data).toEqual([]);
    const csv = await ctx.app.inject({ method: 'GET', url: `/api/v1/regulations/published.csv?search=${encodeURIComponent(approved.expediente!)}` });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(2);
    expect(csv.body).toContain('88011');
  });
});
