import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGULATION_MESSAGES, type Role } from '@concejo/contracts';
import { buildLoggedInUser } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { multipartForm, samplePdf, type FormValue } from '../../test/multipart.js';

/**
 * Links between norms with a kind (DESIGN.md section 6) through the API: every kind on both sides, the
 * kind shown in the detail and its history, the legal force that follows, who may set them, and the
 * payloads refused.
 */

let ctx: TestContext;
const as = {} as Record<Role, { authorization: string }>;
let nextNumber = 7000;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const role of ['admin', 'asesor', 'mesa', 'concejal', 'ejecutivo', 'cm'] as const) as[role] = (await buildLoggedInUser(ctx.app, ctx.db, role)).headers;
});
afterAll(() => ctx.close());

type Linked = { id: number; kind: string; number: number | null };
type Detail = { id: number; number: number | null; version: number; legal_force: string; regulations_modified: Linked[]; regulations_that_modify: Linked[]; modifications: { name_cell: string; old_cell: string | null; new_cell: string | null }[] };

function send(role: Role, fields: Record<string, FormValue>) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/regulations', headers: as[role], payload: multipartForm(fields, { pdf_approved: samplePdf() }) });
}
/** An approved ordinance, with whatever links `fields` carry. */
async function ordinance(fields: Record<string, FormValue> = {}): Promise<Detail> {
  const response = await send('asesor', { type: 'ordinance', state: 'approved', number: nextNumber++, subject: 'Norma enlazada', authors: ['Ana'], ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
async function detailOf(id: number): Promise<Detail> {
  return (await ctx.app.inject({ url: `/api/v1/regulations/${id}`, headers: as.admin })).json();
}
function update(role: Role, norm: Pick<Detail, 'id' | 'version'>, changes: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: `/api/v1/regulations/${norm.id}`, headers: as[role], payload: multipartForm({ changes: JSON.stringify(changes), version: norm.version }) });
}
const kinds = (links: Linked[]) => links.map((link) => [link.id, link.kind]).sort((a, b) => Number(a[0]) - Number(b[0]));

describe('links with a kind', () => {
  it('registers a norm with links of every kind, both ways, and shows each kind on both norms', async () => {
    const [a, b, c, d, e] = [await ordinance(), await ordinance(), await ordinance(), await ordinance(), await ordinance()];
    const created = await ordinance({ modifies: [a.id], repeals: [b.id], partially_repeals: [c.id], regulates: [d.id], repealed_by: [e.id] });
    expect(kinds(created.regulations_modified)).toEqual([
      [a.id, 'modifies'],
      [b.id, 'repeals'],
      [c.id, 'partially_repeals'],
      [d.id, 'regulates'],
    ]);
    expect(kinds(created.regulations_that_modify)).toEqual([[e.id, 'repeals']]);
    expect(created.legal_force).toBe('repealed');
    expect([(await detailOf(a.id)).legal_force, (await detailOf(b.id)).legal_force, (await detailOf(c.id)).legal_force, (await detailOf(d.id)).legal_force]).toEqual([
      'in_force',
      'repealed',
      'partially_repealed',
      'in_force',
    ]);
    expect(kinds((await detailOf(b.id)).regulations_that_modify)).toEqual([[created.id, 'repeals']]);
  });

  it('changes one kind without touching the others, changes a kind in place, and writes each in the history', async () => {
    const [target, other] = [await ordinance(), await ordinance()];
    const norm = await ordinance({ modifies: [other.id] });
    const repealing = await update('asesor', norm, { repeals: [target.id] });
    expect(repealing.statusCode, repealing.body).toBe(200);
    expect(kinds(repealing.json().regulations_modified)).toEqual([
      [target.id, 'repeals'],
      [other.id, 'modifies'],
    ]);
    expect(repealing.json().modifications[0]).toMatchObject({ name_cell: 'relation: repeals - added', new_cell: `Ordenanza N° ${target.number}` });
    expect((await detailOf(target.id)).legal_force).toBe('repealed');
    expect((await detailOf(target.id)).modifications).toEqual([]);

    // From repeals to partially repeals: the pair keeps one link, its kind changes.
    const partial = await update('asesor', repealing.json(), { repeals: [], partially_repeals: [target.id] });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(kinds(partial.json().regulations_modified)).toEqual([
      [target.id, 'partially_repeals'],
      [other.id, 'modifies'],
    ]);
    expect(partial.json().modifications.slice(0, 2).map((entry: { name_cell: string }) => entry.name_cell).sort()).toEqual([
      'relation: partiallyRepeals - added',
      'relation: repeals - removed',
    ]);
    expect((await detailOf(target.id)).legal_force).toBe('partially_repealed');
  });

  it('follows the repealing norm back to "en proceso", and a repeal made from the repealed side', async () => {
    const target = await ordinance();
    const repealer = await ordinance();
    const fromTarget = await update('admin', target, { repealed_by: [repealer.id] });
    expect(fromTarget.statusCode, fromTarget.body).toBe(200);
    expect(fromTarget.json().legal_force).toBe('repealed');
    const backToProcess = await update('admin', await detailOf(repealer.id), { state: 'process' });
    expect(backToProcess.statusCode, backToProcess.body).toBe(200);
    expect((await detailOf(target.id)).legal_force).toBe('in_force');
  });

  it('refuses a norm under two kinds on one side, an unknown norm, and itself', async () => {
    const [a, norm] = [await ordinance(), await ordinance()];
    const twice = await send('asesor', { type: 'ordinance', subject: 'Doble', authors: ['Ana'], modifies: [a.id], repeals: [a.id] });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ repeals: [REGULATION_MESSAGES.linkedInTwoKinds] });
    const keptTwice = await update('asesor', await ordinance({ modifies: [a.id] }), { regulates: [a.id] });
    expect(keptTwice.statusCode).toBe(422);
    expect(keptTwice.json().errors).toEqual({ regulates: [REGULATION_MESSAGES.linkedInTwoKinds] });
    const bothWays = await send('asesor', { type: 'ordinance', subject: 'Ida y vuelta', authors: ['Ana'], repeals: [a.id], regulated_by: [a.id] });
    expect(bothWays.statusCode).toBe(422);
    const unknown = await update('asesor', norm, { partially_repeals: [999_999] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.modifies).toEqual(['Alguna de las normas relacionadas no existe o no admite relaciones.']);
    const itself = await update('asesor', norm, { regulated_by: [norm.id] });
    expect(itself.statusCode).toBe(422);
    for (const bad of [{ repeals: 'x' }, { repeals: [-1] }, { regulates: Array.from({ length: 201 }, (_, index) => index + 1) }]) {
      expect((await update('asesor', norm, bad)).statusCode).toBe(422);
    }
    expect((await detailOf(norm.id)).regulations_modified).toEqual([]);
  });

  it('answers two staff linking two norms to each other at the same moment without a 5xx: one link is saved, the other refused', async () => {
    // Each save locks its norm, then its link needs the other norm (the foreign key's lock, the legal
    // force's update): the two wait on each other, PostgreSQL stops one, and the API tries it again.
    for (const kind of ['repeals', 'modifies'] as const) {
      for (let round = 0; round < 3; round += 1) {
        const [a, b] = [await ordinance(), await ordinance()];
        const [first, second] = await Promise.all([update('asesor', a, { [kind]: [b.id] }), update('admin', b, { [kind]: [a.id] })]);
        const statuses = [first.statusCode, second.statusCode].sort();
        expect(statuses, `${first.body} ${second.body}`).toEqual([200, 422]);
        const refused = first.statusCode === 422 ? first : second;
        expect(refused.json().message).toBe(REGULATION_MESSAGES.linkedTwice);
        const [afterA, afterB] = [await detailOf(a.id), await detailOf(b.id)];
        expect(afterA.regulations_modified.length + afterB.regulations_modified.length).toBe(1);
      }
    }
  });

  it('lets only admin and asesor set links of any kind', async () => {
    const target = await ordinance();
    for (const role of ['mesa', 'concejal', 'ejecutivo', 'cm'] as const) {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/regulations',
        headers: as[role],
        payload: multipartForm({ type: role === 'ejecutivo' ? 'dem-message' : 'ordinance', dem_type: role === 'ejecutivo' ? 'ordinance' : '', subject: 'Sin permiso', authors: ['Ana'], repeals: [target.id] }),
      });
      expect(created.statusCode, role).toBe(403);
    }
    expect((await detailOf(target.id)).legal_force).toBe('in_force');
  });
});

describe('legal force in the public search', () => {
  it('filters by it (from the index, and typed anew), carries it on every row and in the CSV, and refuses an unknown one', async () => {
    const target = await ordinance({ subject: 'Tasa de alumbrado vigenteunico' });
    const partial = await ordinance({ subject: 'Tasa de barrido vigenteunico' });
    await ordinance({ subject: 'Deroga la tasa vigenteunico', repeals: [target.id], partially_repeals: [partial.id] });
    const found = async (query: string) => {
      const response = await ctx.app.inject({ url: `/api/v1/regulations/published?search=vigenteunico&${query}` });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['server-timing']).toContain('search;desc="index"');
      return response.json<{ data: { id: number; legal_force: string }[] }>().data.map((row) => [row.id, row.legal_force]);
    };
    expect(await found('legal_force=repealed')).toEqual([[target.id, 'repealed']]);
    expect(await found('legal_force=partially_repealed')).toEqual([[partial.id, 'partially_repealed']]);
    expect((await found('legal_force=in_force')).map(([, force]) => force)).toEqual(['in_force']);
    expect((await found('legal_force=')).length).toBe(3);
    const newest = await ctx.app.inject({ url: '/api/v1/regulations/published?legal_force=repealed' });
    expect(newest.json().data.map((row: { id: number }) => row.id)).toContain(target.id);
    const csv = await ctx.app.inject({ url: '/api/v1/regulations/published.csv?search=vigenteunico&legal_force=repealed' });
    expect(csv.body.split('\r\n')[0]).toContain('"Vigencia"');
    expect(csv.body.split('\r\n')[1]).toContain('"Derogada"');
    const bad = await ctx.app.inject({ url: '/api/v1/regulations/published?legal_force=vigente' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.legal_force).toEqual(['La vigencia no es válida: Vigente, Derogada parcialmente o Derogada.']);
  });
});
