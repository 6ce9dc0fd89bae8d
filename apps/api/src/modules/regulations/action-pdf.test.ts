import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_MESSAGES, type PublishedRegulationDetail, type RegulationAction, type RegulationDetail, type Role } from '@concejo/contracts';
import { buildLoggedInUser, buildRegulation } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { multipartForm, samplePdf } from '../../test/multipart.js';

// The PDF of a despacho de comisión (DESIGN.md 9.2): attached to the step, public while its norm is.

let ctx: TestContext;
const as = {} as Record<Role, Record<string, string>>;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const role of ['admin', 'asesor', 'cm'] as const) as[role] = (await buildLoggedInUser(ctx.app, ctx.db, role)).headers;
});
afterAll(() => ctx.close());

const project = (subject: string, extra: Record<string, string | string[]> = {}) => ({ type: 'ordinance', subject, authors: ['Ana Pérez'], ...extra });
const addStep = async (id: number, body: Record<string, string>, role: Role = 'admin') => {
  const answer = await ctx.app.inject({ method: 'POST', url: `/api/v1/regulations/${id}/actions`, headers: as[role], payload: body });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<RegulationAction>();
};
const attach = (id: number, actionId: number, file: Buffer | null, role: Role | null = 'admin') =>
  ctx.app.inject({ method: 'PUT', url: `/api/v1/regulations/${id}/actions/${actionId}/pdf`, headers: role ? as[role] : {}, payload: multipartForm({}, file ? { pdf: file } : {}) });
const detach = (id: number, actionId: number, role: Role = 'admin') => ctx.app.inject({ method: 'DELETE', url: `/api/v1/regulations/${id}/actions/${actionId}/pdf`, headers: as[role] });
/** The storage key behind a file link, signed or not. */
const keyOf = (url: string) => new URL(url, 'http://x').pathname.replace('/api/v1/files/', '');
const stored = (url: string) => existsSync(path.join(ctx.uploadsDir, keyOf(url)));
const download = (url: string) => ctx.app.inject({ url });

describe('the PDF of a despacho', () => {
  it('is attached to the step, read by the staff through a signed link and by anyone once the norm is public', async () => {
    const norm = await buildRegulation<RegulationDetail>(ctx.app, as.admin, { ...project('Arbolado urbano'), state: 'approved', number: '88200' }, { pdf_approved: samplePdf() });
    const despacho = await addStep(norm.id, { kind: 'despacho', date: '2026-03-02', committee: 'obras', majority: 'mayoria' });
    expect(despacho.pdf).toBeNull();

    const attached = await attach(norm.id, despacho.id, samplePdf('Dictamen de la Comisión de Obras Públicas'));
    expect(attached.statusCode, attached.body).toBe(200);
    const staffLink = attached.json<RegulationAction>().pdf!;
    expect(staffLink).toMatch(/^\/api\/v1\/files\/regulation-steps\/[0-9a-f-]{36}\.pdf\?.*signature=/);
    const bySignedLink = await download(staffLink);
    expect(bySignedLink.statusCode).toBe(200);
    expect(bySignedLink.headers['content-type']).toBe('application/pdf');
    expect(bySignedLink.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The norm's public page lists the step with a plain link that anyone opens.
    const page = (await ctx.app.inject({ url: '/api/v1/regulations/published/ordinance/88200' })).json<PublishedRegulationDetail>();
    const listed = page.actions.find((action) => action.id === despacho.id)!;
    expect(listed.pdf).toBe(`/api/v1/files/${keyOf(staffLink)}`);
    const open = await download(listed.pdf!);
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-disposition']).toBe('inline; filename="despacho.pdf"');

    // The history says when it was attached (the orphan sweep's own test keeps it as used).
    const history = (await ctx.app.inject({ url: `/api/v1/regulations/${norm.id}`, headers: as.admin })).json<RegulationDetail>().modifications;
    expect(history.some((entry) => entry.name_cell === 'Trámite: PDF de Despacho de comisión del 2026-03-02' && entry.new_cell === 'PDF adjunto')).toBe(true);
  });

  it('stays staff-only while its norm is not public, and a replaced or removed PDF leaves no file behind', async () => {
    const norm = await buildRegulation<RegulationDetail>(ctx.app, as.asesor, project('Ciclovías en trámite'));
    const despacho = await addStep(norm.id, { kind: 'despacho', date: '2026-03-02', committee: 'obras', majority: 'minoria' }, 'asesor');
    const first = (await attach(norm.id, despacho.id, samplePdf('Primera versión'), 'asesor')).json<RegulationAction>().pdf!;
    expect((await download(`/api/v1/files/${keyOf(first)}`)).statusCode).toBe(404);
    expect((await download(first)).statusCode).toBe(200);

    const replaced = await attach(norm.id, despacho.id, samplePdf('Segunda versión'), 'asesor');
    expect(replaced.statusCode, replaced.body).toBe(200);
    const second = replaced.json<RegulationAction>().pdf!;
    expect(keyOf(second)).not.toBe(keyOf(first));
    expect(stored(first)).toBe(false);
    expect(stored(second)).toBe(true);

    const removed = await detach(norm.id, despacho.id, 'asesor');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<RegulationAction>().pdf).toBeNull();
    expect(stored(second)).toBe(false);
    const again = await detach(norm.id, despacho.id, 'asesor');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.pdf).toEqual([ACTION_MESSAGES.noPdf]);

    // Deleting the step takes its PDF with it.
    const third = (await attach(norm.id, despacho.id, samplePdf('Tercera versión'), 'asesor')).json<RegulationAction>().pdf!;
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v1/regulations/${norm.id}/actions/${despacho.id}`, headers: as.asesor })).statusCode).toBe(200);
    expect(stored(third)).toBe(false);
  });

  it('goes only on a despacho, must be a PDF that opens, and only the staff who may edit the norm attach it', async () => {
    const norm = await buildRegulation<RegulationDetail>(ctx.app, as.asesor, project('Permisos del despacho'));
    const giro = await addStep(norm.id, { kind: 'giro', date: '2026-03-02', committee: 'hacienda' }, 'asesor');
    const despacho = await addStep(norm.id, { kind: 'despacho', date: '2026-03-03', committee: 'hacienda', majority: 'mayoria' }, 'asesor');

    const onGiro = await attach(norm.id, giro.id, samplePdf());
    expect(onGiro.statusCode).toBe(422);
    expect(onGiro.json().errors.pdf).toEqual([ACTION_MESSAGES.pdfOnlyDespacho]);
    const missing = await attach(norm.id, despacho.id, null);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.pdf).toEqual([ACTION_MESSAGES.pdfMissing]);
    const notPdf = await attach(norm.id, despacho.id, Buffer.from('<html>no soy un PDF</html>'));
    expect(notPdf.statusCode).toBe(422);
    expect(notPdf.json().errors.pdf).toHaveLength(1);
    const unknownField = await ctx.app.inject({ method: 'PUT', url: `/api/v1/regulations/${norm.id}/actions/${despacho.id}/pdf`, headers: as.admin, payload: multipartForm({ kind: 'giro' }, { pdf: samplePdf() }) });
    expect(unknownField.statusCode).toBe(422);

    expect((await attach(norm.id, despacho.id, samplePdf(), null)).statusCode).toBe(401);
    expect((await attach(norm.id, despacho.id, samplePdf(), 'cm')).statusCode).toBe(403);
    expect((await attach(norm.id, 2_000_000_000, samplePdf())).statusCode).toBe(404);
    expect((await attach(2_000_000_000, despacho.id, samplePdf())).statusCode).toBe(404);
    expect((await detach(norm.id, giro.id)).statusCode).toBe(422);
    // Nothing refused was stored.
    expect((await ctx.app.inject({ url: `/api/v1/regulations/${norm.id}/actions`, headers: as.asesor })).json<RegulationAction[]>().every((action) => action.pdf === null)).toBe(true);
  });
});
