import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGULATION_MESSAGES, type PublishedProject, type PublishedRegulationList, type RegulationDetail } from '@concejo/contracts';
import { buildDayOrder, buildLoggedInUser, buildRegulation } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { multipartForm, samplePdf } from '../../test/multipart.js';

/**
 * Public from entry (DESIGN.md 9.2) through the API: a project of a public type becomes public when an
 * agenda lists it (its page by expediente, its process PDF, its steps, the search's `estado=en_tramite`,
 * alerts), stays staff-only before, and once enacted its address says where its norm is.
 */

let ctx: TestContext;
let asesor: { authorization: string };
let admin: { authorization: string };

beforeAll(async () => {
  ctx = await createTestApp();
  asesor = (await buildLoggedInUser(ctx.app, ctx.db, 'asesor')).headers;
  admin = (await buildLoggedInUser(ctx.app, ctx.db, 'admin')).headers;
});
afterAll(() => ctx.close());

/** A project registered by the asesor, with its process PDF. */
const project = (subject: string, type = 'ordinance') =>
  buildRegulation<RegulationDetail>(ctx.app, asesor, { type, subject, author_type: 'concejal', authors: ['Lucía Fernández'], keywords: ['tránsito'] }, { pdf_process: samplePdf() });
/** An agenda of a session that lists these projects. */
const listIn = (ids: number[], section: 'projects' | 'dem_message' = 'projects') =>
  buildDayOrder(ctx.app, asesor, { sessionType: 'ordinaria', date: '2026-03-10T19:00', acta: '12', correspondence: [], dem_message: [], projects: [], comision_gobierno: [], comision_hacienda: [], comision_obras: [], comision_higiene: [], [section]: ids });
const page = (expediente: string) => ctx.app.inject({ url: `/api/v1/regulations/published/expediente/${encodeURIComponent(expediente)}` });
const search = async (query: string) => {
  const response = await ctx.app.inject({ url: `/api/v1/regulations/published?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PublishedRegulationList>().data;
};
/** The process PDF's public address (the staff's answer carries a signed link). */
const publicPdfOf = (detail: RegulationDetail) => new URL(detail.pdf_process!, 'http://x').pathname;

describe('a project made public by an agenda', () => {
  it('is staff-only until an agenda lists it; then its page, its process PDF and the search show it "en trámite"', async () => {
    const created = await project('Proyecto de semaforización de la avenida Belgrano');
    expect(created.expediente).toMatch(/^\d+-C-\d{4}$/);
    expect((await page(created.expediente!)).json()).toEqual({ message: REGULATION_MESSAGES.projectNotFound, requestId: expect.any(String) });
    expect((await ctx.app.inject({ url: publicPdfOf(created) })).statusCode).toBe(404);
    expect((await search('estado=en_tramite&search=semaforización')).map((item) => item.id)).toEqual([]);

    await listIn([created.id]);
    const shown = await page(created.expediente!);
    expect(shown.statusCode).toBe(200);
    const body = shown.json<Extract<PublishedProject, { state: 'en_tramite' }>>();
    expect(body).toMatchObject({ state: 'en_tramite', id: created.id, type: 'ordinance', expediente: created.expediente, subject: 'Proyecto de semaforización de la avenida Belgrano', authors: [{ name: 'Lucía Fernández' }], keywords: [{ word: 'tránsito' }] });
    expect(body.actions.map((action) => [action.kind, action.date])).toEqual([['ingreso', '2026-03-02'], ['orden_del_dia', '2026-03-10']]);
    const pdf = await ctx.app.inject({ url: body.pdf_process! });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // The search lists it among the projects, never among the enacted norms (the spec's list).
    expect((await search('estado=en_tramite&search=semaforización')).map((item) => [item.id, item.number, item.expediente])).toEqual([[created.id, null, created.expediente]]);
    expect((await search('search=semaforización')).map((item) => item.id)).toEqual([]);
    expect((await search(`estado=en_tramite&search=${created.expediente}`)).map((item) => item.id)).toEqual([created.id]);
    // Its followers hear of it: a subscription to it is accepted.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/subscriptions', payload: { email: 'sigue.proyecto@example.org', kind: 'regulation', regulation_id: created.id } })).statusCode).toBe(202);
  });

  it('once enacted, its address says where its norm is and its process PDF is no longer public', async () => {
    const created = await project('Proyecto de ordenanza de arbolado en veredas');
    await listIn([created.id]);
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/regulations/${created.id}`,
      headers: admin,
      payload: multipartForm({ changes: JSON.stringify({ state: 'approved', number: 9101 }), version: created.version }, { pdf_approved: samplePdf() }),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await page(created.expediente!)).json()).toEqual({ state: 'sancionada', type: 'ordinance', number: 9101, expediente: created.expediente });
    expect((await ctx.app.inject({ url: publicPdfOf(created) })).statusCode).toBe(404);
    expect((await search('estado=en_tramite&search=arbolado')).map((item) => item.id)).not.toContain(created.id);
  });

  it('answers 404 for a staff-only type listed in an agenda, a malformed expediente and one that does not exist; 422 for a bad estado', async () => {
    const dem = await buildRegulation<RegulationDetail>(ctx.app, asesor, { type: 'dem-message', dem_type: 'message', subject: 'Mensaje del DEM sobre tasas', authors: ['Intendencia'] }, { pdf_process: samplePdf() });
    await listIn([dem.id], 'dem_message');
    expect((await page(dem.expediente!)).statusCode).toBe(404);
    for (const expediente of ['no-es-un-expediente', '999999-C-2026', `${'9'.repeat(40)}`]) expect((await page(expediente)).statusCode).toBe(404);
    expect((await page('x'.repeat(41))).statusCode).toBe(422);
    expect((await ctx.app.inject({ url: '/api/v1/regulations/published?estado=archivada' })).statusCode).toBe(422);
  });
});
