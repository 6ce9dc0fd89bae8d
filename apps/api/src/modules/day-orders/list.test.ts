import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@concejo/contracts';
import { dayOrders } from '../../db/schema/index.js';
import { buildLoggedInUser, buildDayOrder } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { PUBLISHED_PER_PAGE, SUMMARIES_PER_PAGE } from './service.js';
import { insertRegulation } from '../../test/regulation-rows.js';

let ctx: TestContext;
const as = {} as Record<Role, { authorization: string }>;
type Inserted = Awaited<ReturnType<typeof insertRegulation>>;
const regs: Record<string, Inserted> = {};
/**
 * Agendas created here, oldest first, with the day (council time) they were created on and their session's
 * day. Made in the opposite order of their sessions, so that ordering or filtering by creation shows.
 */
const created: { id: number; pdf_path: string; day: string; sessionDay: string }[] = [];

const createAgenda = (body: Record<string, unknown> = {}) => buildDayOrder(ctx.app, as.asesor, body);

beforeAll(async () => {
  ctx = await createTestApp();
  for (const role of ['admin', 'asesor', 'mesa', 'concejal', 'ejecutivo', 'cm', 'user'] as const) {
    as[role] = (await buildLoggedInUser(ctx.app, ctx.db, role)).headers;
  }
  regs.nota = await insertRegulation(ctx.db, { type: 'correspondence', subject: 'Nota de la cooperativa eléctrica', createdAt: '2026-02-20T10:00:00-03:00', authors: ['Cooperativa'] });
  regs.proyecto = await insertRegulation(ctx.db, { type: 'ordinance', subject: 'Regulación de la poda', createdAt: '2026-02-21T10:00:00-03:00', authors: ['Ana Rodríguez', 'Pedro Gil'] });
  // One agenda per day for 12 days from 2026-03-02T12:00Z (09:00 in the council), for sessions from
  // 2026-03-25 back to 2026-03-14 (the last one at 23:30, already the 15th in UTC). The creation date is
  // moved afterwards: moving the test clock that far would expire the users' tokens.
  for (let day = 0; day < PUBLISHED_PER_PAGE + 2; day += 1) {
    const last = day === PUBLISHED_PER_PAGE + 1;
    const sessionDay = `2026-03-${25 - day}`;
    const agenda = await createAgenda({
      date: `${sessionDay}T${last ? '23:30' : '19:00'}`,
      ...(day === 0 ? { correspondence: [regs.nota!.id], projects: [regs.proyecto!.id], comision_obras: ['Despacho de bacheo', 'Despacho de cordón cuneta'] } : {}),
      ...(last ? { sessionType: 'convocada' } : {}),
    });
    const createdAt = new Date(Date.parse('2026-03-02T12:00:00Z') + day * 24 * 3600_000);
    await ctx.db.update(dayOrders).set({ createdAt }).where(eq(dayOrders.id, agenda.id));
    created.push({ ...agenda, day: createdAt.toISOString().slice(0, 10), sessionDay });
  }
});
afterAll(() => ctx.close());

const publicList = (query = '') => ctx.app.inject({ url: `/api/v1/day-orders/published${query}` });

describe('GET /day-orders/published', () => {
  it('lists the agendas for anyone, latest session first, paginated, and lets the page be cached', async () => {
    const response = await publicList('?page=1');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ current_page: 1, last_page: 2, total: created.length, per_page: PUBLISHED_PER_PAGE });
    expect(body.data).toHaveLength(PUBLISHED_PER_PAGE);
    // The latest session's agenda is the one made first.
    const latest = created[0]!;
    expect(body.data[0]).toEqual({
      id: latest.id,
      date_creation: expect.stringMatching(/^2026-03-02T12:00:00/),
      session_date: '2026-03-25T22:00:00.000Z',
      session_type: 'ordinaria',
      pdf_path: latest.pdf_path,
    });
    // Each row tells its session, so agendas made on one day can be told apart.
    expect(body.data[1]).toMatchObject({ session_date: '2026-03-24T22:00:00.000Z', session_type: 'ordinaria' });
    expect(response.headers['cache-control']).toBe('public, no-cache');
    expect(response.headers.etag).toBeTruthy();
    const again = await ctx.app.inject({ url: '/api/v1/day-orders/published?page=1', headers: { 'if-none-match': String(response.headers.etag) } });
    expect(again.statusCode).toBe(304);

    const second = (await publicList('?page=2')).json();
    expect(second.data.map((row: { id: number }) => row.id)).toEqual([created.at(-2)!.id, created.at(-1)!.id]);
    expect(second.data[1]).toMatchObject({ session_date: '2026-03-15T02:30:00.000Z', session_type: 'convocada' });
  });

  it('starts at the first page without a page', async () => {
    expect((await publicList()).json()).toMatchObject({ current_page: 1 });
    expect((await publicList('?page=')).json()).toMatchObject({ current_page: 1 });
  });

  it('answers an empty page past the end', async () => {
    const response = await publicList('?page=9');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ current_page: 9, data: [], last_page: 2, total: created.length });
  });

  it.each(['?page=0', '?page=-1', '?page=abc', '?page=1.5', '?page=99999999999', '?from=ayer', '?to=2026-02-30'])('answers 422, never 500, for %s', async (query) => {
    const response = await publicList(query);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it("filters by the days of the sessions in the council's time zone, both inclusive, whenever their agendas were made", async () => {
    const ids = async (query: string) => (await publicList(query)).json().data.map((row: { id: number }) => row.id);
    expect(await ids(`?from=${created[4]!.sessionDay}&to=${created[2]!.sessionDay}`)).toEqual([created[2]!.id, created[3]!.id, created[4]!.id]);
    // The first agenda was made on 2026-03-02, for the session of 2026-03-25.
    expect(await ids('?from=2026-03-25&to=2026-03-31')).toEqual([created[0]!.id]);
    expect((await publicList(`?from=${created[0]!.day}&to=${created[3]!.day}`)).json().total).toBe(0);
    // 23:30 in the council is the next day in UTC: the session still belongs to its own day.
    expect(await ids('?from=2026-03-14&to=2026-03-14')).toEqual([created.at(-1)!.id]);
    expect(await ids('?from=2026-03-15&to=2026-03-15')).toEqual([created.at(-2)!.id]);
    expect((await publicList('?to=2026-03-13')).json().total).toBe(0);
    expect((await publicList('?from=&to=')).json().total).toBe(created.length);
  });
});

describe('GET /day-orders (summaries)', () => {
  it('lists each agenda with its session and total of items, latest session first', async () => {
    const response = await ctx.app.inject({ url: '/api/v1/day-orders', headers: as.concejal });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ current_page: 1, total: created.length, per_page: SUMMARIES_PER_PAGE, last_page: 1 });
    expect(body.data[0]).toEqual({
      id: created[0]!.id,
      date_creation: expect.any(String),
      session_date: '2026-03-25T22:00:00.000Z',
      session_type: 'ordinaria',
      total_regulations: 4,
      pdf_path: created[0]!.pdf_path,
    });
    expect(body.data.at(-1)).toMatchObject({ id: created.at(-1)!.id, total_regulations: 0, session_type: 'convocada' });
  });

  it('answers 422 for a page that is not a number', async () => {
    expect((await ctx.app.inject({ url: '/api/v1/day-orders?page=x', headers: as.admin })).statusCode).toBe(422);
  });

  it.each(['admin', 'asesor', 'concejal', 'ejecutivo'] as const)('lets %s read the summaries and a detail', async (role) => {
    expect((await ctx.app.inject({ url: '/api/v1/day-orders', headers: as[role] })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/api/v1/day-orders/${created[0]!.id}`, headers: as[role] })).statusCode).toBe(200);
  });

  it.each(['mesa', 'cm', 'user'] as const)('refuses %s with 403', async (role) => {
    expect((await ctx.app.inject({ url: '/api/v1/day-orders', headers: as[role] })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `/api/v1/day-orders/${created[0]!.id}`, headers: as[role] })).statusCode).toBe(403);
  });

  it('refuses a visitor without a token with 401', async () => {
    expect((await ctx.app.inject({ url: '/api/v1/day-orders' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: `/api/v1/day-orders/${created[0]!.id}` })).statusCode).toBe(401);
  });
});

describe('GET /day-orders/:id', () => {
  it('answers the agenda with its items by section, in order', async () => {
    const response = await ctx.app.inject({ url: `/api/v1/day-orders/${created[0]!.id}`, headers: as.ejecutivo });
    const body = response.json();
    expect(body.day_order).toEqual({
      id: created[0]!.id,
      pdf_path: created[0]!.pdf_path,
      // The editable document, through a signed link for staff.
      docx_path: expect.stringMatching(/^\/api\/v1\/files\/day-orders-docx\/[0-9a-f-]{36}\.docx\?expires=\d+&name=orden-del-dia-2026-03-25&signature=/),
      date_creation: '2026-03-02T12:00:00.000Z',
      session_date: '2026-03-25T22:00:00.000Z',
      session_type: 'ordinaria',
      previous_minutes: '12',
    });
    expect(Object.keys(body.items_by_section)).toEqual([
      'correspondence', 'dem_message', 'projects', 'comision_gobierno', 'comision_hacienda', 'comision_obras', 'comision_higiene',
    ]);
    expect(body.items_by_section.dem_message).toEqual([]);
    expect(body.items_by_section.projects).toEqual([
      {
        id: expect.any(Number),
        order_in_section: 1,
        custom_text: null,
        regulation: {
          id: regs.proyecto!.id,
          subject: 'Regulación de la poda',
          cargo: regs.proyecto!.cargo,
          number: null,
          type: 'ordinance',
          state: 'process',
          author_type: 'concejal',
          authors: ['Ana Rodríguez', 'Pedro Gil'],
          created_at: '2026-02-21T13:00:00.000Z',
          pdf_approved: null,
          pdf_process: null,
        },
      },
    ]);
    expect(body.items_by_section.comision_obras.map((item: { order_in_section: number; custom_text: string; regulation: null }) => [item.order_in_section, item.custom_text, item.regulation])).toEqual([
      [1, 'Despacho de bacheo', null],
      [2, 'Despacho de cordón cuneta', null],
    ]);
  });

  it('answers 404 for an agenda that does not exist and 422 for an id that is not one', async () => {
    const missing = await ctx.app.inject({ url: '/api/v1/day-orders/999999', headers: as.admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No se encontró la orden del día.');
    expect((await ctx.app.inject({ url: '/api/v1/day-orders/abc', headers: as.admin })).statusCode).toBe(422);
  });
});

describe('DELETE /day-orders/:id', () => {
  const remove = (id: number | string, role: Role | null) => ctx.app.inject({ method: 'DELETE', url: `/api/v1/day-orders/${id}`, headers: role ? as[role] : {} });

  it.each(['asesor', 'mesa', 'concejal', 'ejecutivo', 'cm', 'user'] as const)('refuses %s with 403', async (role) => {
    expect((await remove(created[1]!.id, role)).statusCode).toBe(403);
  });

  it('refuses a visitor without a token with 401', async () => {
    expect((await remove(created[1]!.id, null)).statusCode).toBe(401);
  });

  it('lets an admin delete an agenda: its items and its PDF go with it', async () => {
    const target = created[0]!;
    const file = path.join(ctx.uploadsDir, target.pdf_path.replace('/api/v1/files/', ''));
    await expect(fs.stat(file)).resolves.toBeTruthy();

    const response = await remove(target.id, 'admin');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Orden eliminada exitosamente.' });

    await expect(fs.stat(file)).rejects.toThrow();
    expect((await ctx.app.inject({ url: target.pdf_path })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/v1/day-orders/${target.id}`, headers: as.admin })).statusCode).toBe(404);
    expect((await publicList()).json().total).toBe(created.length - 1);
    const items = await ctx.db.$client.query('select count(*)::int as total from day_order_items where day_order_id = $1', [target.id]);
    expect(items.rows[0].total).toBe(0);
    // The regulations it listed stay.
    expect((await ctx.app.inject({ url: `/api/v1/regulations/${regs.proyecto!.id}`, headers: as.admin })).statusCode).toBe(200);
    expect((await remove(target.id, 'admin')).statusCode).toBe(404);
  });
});
