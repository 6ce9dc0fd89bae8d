import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_FORCE_MESSAGES, LINK_NOTE_MAX, type PublishedRegulationDetail, type PublishedRegulationList, type RegulationDetail, type Role } from '@concejo/contracts';
import { buildLoggedInUser, buildRegulation } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { samplePdf } from '../../test/multipart.js';

/**
 * Legal force on a day (DESIGN.md 9.2) through the API: suspensions with an end, the note on a link,
 * a term and a nullity set by the staff, each link counting from its acting norm's day in force, the
 * public page and search asked about a day, the nightly recomputation, and who may set what.
 */

let ctx: TestContext;
const as = {} as Record<Role, { authorization: string }>;
let nextNumber = 8100;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const role of ['admin', 'asesor', 'mesa', 'concejal'] as const) as[role] = (await buildLoggedInUser(ctx.app, ctx.db, role)).headers;
});
afterAll(() => ctx.close());

/** An approved ordinance published in the Boletín Oficial on `published` (in force that day), with `links`. */
async function ordinance(published: string, links: Record<string, number[]> = {}): Promise<RegulationDetail> {
  const number = nextNumber++;
  const norm = await buildRegulation<RegulationDetail>(ctx.app, as.asesor, { type: 'ordinance', state: 'approved', number, subject: `Ordenanza ${number} de tránsito`, authors: ['Ana'], ...links }, { pdf_approved: samplePdf() });
  const step = await ctx.app.inject({ method: 'POST', url: `/api/v1/regulations/${norm.id}/actions`, headers: as.asesor, payload: { kind: 'publicacion', date: published, edition: `B.O. ${number}` } });
  expect(step.statusCode, step.body).toBe(201);
  return norm;
}
const annotate = (role: Role | undefined, id: number, otherId: number, body: unknown) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/v1/regulations/${id}/links/${otherId}`, headers: role ? as[role] : {}, payload: body as Record<string, unknown> });
const setFacts = (role: Role | undefined, id: number, body: unknown) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/v1/regulations/${id}/legal-force`, headers: role ? as[role] : {}, payload: body as Record<string, unknown> });
const pageOn = async (norm: RegulationDetail, day?: string) => {
  const response = await ctx.app.inject({ url: `/api/v1/regulations/published/ordinance/${norm.number}${day ? `?in_force_on=${day}` : ''}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PublishedRegulationDetail>();
};
const forceOn = async (norm: RegulationDetail, day: string) => (await pageOn(norm, day)).force_on?.legal_force;
const detail = async (id: number) => (await ctx.app.inject({ url: `/api/v1/regulations/${id}`, headers: as.admin })).json<RegulationDetail>();
const searchNumbers = async (query: string) => {
  const response = await ctx.app.inject({ url: `/api/v1/regulations/published?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PublishedRegulationList>().data.map((item) => [item.number, item.legal_force]);
};

describe('legal force on a day', () => {
  it('follows a suspension with an end and a later repeal, each from the day its norm came into force', async () => {
    const target = await ordinance('2026-03-10');
    const suspending = await ordinance('2026-04-01', { suspends: [target.id] });
    expect((await annotate('asesor', suspending.id, target.id, { until: '2026-06-30', note: 'arts. 3 a 5' })).json()).toEqual({ kind: 'suspends', direction: 'outgoing', note: 'arts. 3 a 5', until: '2026-06-30' });
    await ordinance('2026-08-01', { repeals: [target.id] });

    expect(await forceOn(target, '2026-03-05')).toBeNull();
    expect(await forceOn(target, '2026-03-20')).toBe('in_force');
    expect(await forceOn(target, '2026-05-01')).toBe('suspended');
    expect(await forceOn(target, '2026-06-30')).toBe('suspended');
    expect(await forceOn(target, '2026-07-15')).toBe('in_force');
    expect(await forceOn(target, '2026-08-15')).toBe('repealed');
    // Today (the database's clock) it is repealed, and the page shows the suspension with its note and end.
    const page = await pageOn(target);
    expect(page.legal_force).toBe('repealed');
    expect(page.force_on).toBeNull();
    expect(page.links.find((link) => link.kind === 'suspends')).toMatchObject({ direction: 'incoming', number: suspending.number, note: 'arts. 3 a 5', until: '2026-06-30' });
    // The note is in both norms' staff detail, from either side.
    expect((await detail(target.id)).regulations_that_modify.find((link) => link.id === suspending.id)).toMatchObject({ kind: 'suspends', note: 'arts. 3 a 5', until: '2026-06-30' });
  });

  it('filters the public search by the force on a day, and shows each result as it stood that day', async () => {
    const target = await ordinance('2026-03-10');
    const suspending = await ordinance('2026-04-01', { suspends: [target.id] });
    expect((await annotate('admin', target.id, suspending.id, { until: '2026-06-30' })).statusCode).toBe(200);
    const mine = (rows: unknown[][]) => rows.filter(([number]) => number === target.number);
    expect(mine(await searchNumbers('legal_force=suspended&in_force_on=2026-05-01'))).toEqual([[target.number, 'suspended']]);
    expect(mine(await searchNumbers('legal_force=in_force&in_force_on=2026-05-01'))).toEqual([]);
    expect(mine(await searchNumbers('legal_force=in_force&in_force_on=2026-07-01'))).toEqual([[target.number, 'in_force']]);
    // Before it came into force it is not listed on that day at all.
    expect(mine(await searchNumbers('in_force_on=2026-03-01'))).toEqual([]);
    // Today the suspension is over: in force (the stored force, searched through the index).
    expect(mine(await searchNumbers(`numberSearch=${target.number}`))).toEqual([[target.number, 'in_force']]);
    expect((await ctx.app.inject({ url: '/api/v1/regulations/published?in_force_on=2026-02-30' })).statusCode).toBe(422);
    expect((await ctx.app.inject({ url: `/api/v1/regulations/published/ordinance/${target.number}?in_force_on=ayer` })).json()).toMatchObject({ errors: { in_force_on: [LEGAL_FORCE_MESSAGES.inForceOn] } });
  });

  it('makes a norm lapsed after its term and void from the day it was declared null, in its history', async () => {
    const norm = await ordinance('2026-03-10');
    const lapsed = await setFacts('asesor', norm.id, { in_force_until: '2026-09-30' });
    expect(lapsed.json()).toEqual({ in_force_until: '2026-09-30', voided_on: null, legal_force: 'lapsed' });
    expect(await forceOn(norm, '2026-09-30')).toBe('in_force');
    expect(await forceOn(norm, '2026-10-01')).toBe('lapsed');
    expect((await setFacts('admin', norm.id, { voided_on: '2026-05-01' })).json()).toMatchObject({ legal_force: 'void' });
    expect(await forceOn(norm, '2026-04-30')).toBe('in_force');
    expect(await forceOn(norm, '2026-05-01')).toBe('void');
    // Cleared with an empty value, as a form sends it.
    expect((await setFacts('admin', norm.id, { voided_on: '', in_force_until: null })).json()).toEqual({ in_force_until: null, voided_on: null, legal_force: 'in_force' });
    const history = (await detail(norm.id)).modifications.map((entry) => [entry.name_cell, entry.old_cell, entry.new_cell]);
    expect(history).toEqual(expect.arrayContaining([
      ['Vigencia: vigente hasta', null, '2026-09-30'],
      ['Vigencia: declarada nula el', null, '2026-05-01'],
      ['Vigencia: declarada nula el', '2026-05-01', null],
    ]));
  });

  it('recomputes the stored force at the council\'s midnight job and queues the next run', async () => {
    const target = await ordinance('2026-03-10');
    await ordinance('2026-04-01', { suspends: [target.id] });
    expect((await detail(target.id)).legal_force).toBe('suspended');
    // As if yesterday's force were still stored: the job puts today's back.
    await ctx.db.execute(sql`update regulations set legal_force = 'in_force' where id = ${target.id}`);
    expect(await ctx.app.legalForce.runDay()).toBeGreaterThanOrEqual(1);
    expect((await detail(target.id)).legal_force).toBe('suspended');
    const queued = await ctx.db.execute<{ key: string }>(sql`select key from graphile_worker.jobs where task_identifier = 'legal-force-day'`);
    expect(queued.rows.length).toBe(1);
  });
});

describe('who may set the facts of legal force, and what is refused', () => {
  it('answers 401 without a session and 403 to the roles that do not set links', async () => {
    const target = await ordinance('2026-03-10');
    const acting = await ordinance('2026-04-01', { modifies: [target.id] });
    expect((await annotate(undefined, acting.id, target.id, { note: 'art. 2' })).statusCode).toBe(401);
    for (const role of ['mesa', 'concejal'] as const) {
      expect((await annotate(role, acting.id, target.id, { note: 'art. 2' })).statusCode).toBe(403);
      expect((await setFacts(role, target.id, { voided_on: '2026-05-01' })).statusCode).toBe(403);
    }
    expect((await detail(target.id)).regulations_that_modify[0]).toMatchObject({ note: null });
  });

  it('refuses an end on a link that is no suspension, a note too long, a link that does not exist and unknown fields', async () => {
    const target = await ordinance('2026-03-10');
    const acting = await ordinance('2026-04-01', { modifies: [target.id] });
    const other = await ordinance('2026-04-02');
    expect((await annotate('asesor', acting.id, target.id, { until: '2026-06-30' })).json()).toMatchObject({ errors: { until: [LEGAL_FORCE_MESSAGES.untilOnlySuspension] } });
    expect((await annotate('asesor', acting.id, target.id, { note: 'x'.repeat(LINK_NOTE_MAX + 1) })).json()).toMatchObject({ errors: { note: [LEGAL_FORCE_MESSAGES.noteTooLong] } });
    expect((await annotate('asesor', acting.id, other.id, { note: 'art. 2' })).statusCode).toBe(404);
    expect((await annotate('asesor', acting.id, 999_999, { note: 'art. 2' })).statusCode).toBe(404);
    expect((await annotate('asesor', acting.id, target.id, { note: 'art. 2', kind: 'repeals' })).statusCode).toBe(422);
    expect((await setFacts('asesor', target.id, { voided_on: '2026-13-01' })).statusCode).toBe(422);
    expect((await setFacts('asesor', 999_999, { voided_on: '2026-05-01' })).statusCode).toBe(404);
    // A note with only spaces is no note; one written is kept trimmed.
    expect((await annotate('asesor', acting.id, target.id, { note: '  arts. 1 y 2 ' })).json()).toMatchObject({ note: 'arts. 1 y 2' });
    expect((await annotate('asesor', acting.id, target.id, { note: '   ' })).json()).toMatchObject({ note: null });
  });
});
