import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@concejo/contracts';
import { buildLoggedInUser } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { insertRegulation } from '../../test/regulation-rows.js';

let ctx: TestContext;
const as = {} as Record<Role, { authorization: string }>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  for (const role of ['admin', 'asesor', 'mesa', 'concejal', 'ejecutivo', 'cm', 'user'] as const) {
    as[role] = (await buildLoggedInUser(ctx.app, ctx.db, role)).headers;
  }
  const add = async (name: string, fields: Parameters<typeof insertRegulation>[1]) => {
    ids[name] = (await insertRegulation(ctx.db, fields)).id;
  };
  // The council's time zone is UTC-3: 23:30 on March 1st is already March 2nd in UTC.
  await add('nota', { type: 'correspondence', subject: 'Nota de vecinos del barrio Norte', createdAt: '2026-03-01T23:30:00-03:00', authors: ['Vecinos del barrio Norte'] });
  await add('mensaje', { type: 'dem-message', subject: 'Mensaje del intendente sobre tasas', createdAt: '2026-03-02T10:00:00-03:00' });
  await add('ordenanza', { type: 'ordinance', subject: 'Arbolado urbano', createdAt: '2026-03-02T11:00:00-03:00', authors: ['Ana Rodríguez', 'Pedro Gil'] });
  await add('declaracion', { type: 'declaration', subject: 'Interés municipal de la fiesta del pueblo', createdAt: '2026-03-02T09:00:00-03:00', authors: ['Pedro Gil'] });
  await add('minuta', { type: 'minute', subject: 'Pedido de informes sobre bacheo', createdAt: '2026-03-02T09:30:00-03:00' });
  await add('aprobada', { type: 'ordinance', subject: 'Ya aprobada', createdAt: '2026-03-02T12:00:00-03:00', state: 'approved', number: 77 });
  await add('medianoche', { type: 'correspondence', subject: 'Nota recibida a medianoche', createdAt: '2026-03-03T00:00:00-03:00' });
});
afterAll(() => ctx.close());

function sources(query: string, role: Role | null = 'asesor') {
  return ctx.app.inject({ url: `/api/v1/day-orders/sources?${query}`, headers: role ? as[role] : {} });
}
const idsBySection = (body: Record<string, { id: number }[]>) =>
  Object.fromEntries(Object.entries(body).map(([section, items]) => [section, items.map((item) => item.id)]));

describe('GET /day-orders/sources', () => {
  it('groups the regulations in process of the range into correspondence, DEM messages and projects, oldest first', async () => {
    const response = await sources('startDate=2026-03-01T00:00&endDate=2026-03-02T23:59:59');
    expect(response.statusCode).toBe(200);
    expect(idsBySection(response.json())).toEqual({
      correspondence: [ids.nota],
      dem_message: [ids.mensaje],
      projects: [ids.declaracion, ids.minuta, ids.ordenanza],
    });
    const ordenanza = response.json().projects.find((item: { id: number }) => item.id === ids.ordenanza);
    expect(ordenanza).toEqual({
      id: ids.ordenanza,
      subject: 'Arbolado urbano',
      cargo: expect.any(Number),
      authors: [{ name: 'Ana Rodríguez' }, { name: 'Pedro Gil' }],
      type: 'ordinance',
    });
  });

  it('offers only what is pending: an item an agenda lists is left out until that agenda is deleted', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/day-orders',
      headers: as.asesor,
      payload: { sessionType: 'ordinaria', date: '2026-03-05T19:00', acta: '3', correspondence: [ids.nota], projects: [ids.minuta] },
    });
    expect(response.statusCode).toBe(201);
    const agenda = response.json<{ id: number }>().id;
    try {
      const body = (await sources('startDate=2026-03-01T00:00&endDate=2026-03-02T23:59:59')).json();
      expect(idsBySection(body)).toEqual({ correspondence: [], dem_message: [ids.mensaje], projects: [ids.declaracion, ids.ordenanza] });
    } finally {
      await ctx.app.inject({ method: 'DELETE', url: `/api/v1/day-orders/${agenda}`, headers: as.admin });
    }
    const again = (await sources('startDate=2026-03-01T00:00&endDate=2026-03-02T23:59:59')).json();
    expect(idsBySection(again)).toEqual({ correspondence: [ids.nota], dem_message: [ids.mensaje], projects: [ids.declaracion, ids.minuta, ids.ordenanza] });
  });

  it('leaves out approved regulations', async () => {
    const response = await sources('startDate=2026-03-02T12:00&endDate=2026-03-02T12:00');
    expect(idsBySection(response.json())).toEqual({ correspondence: [], dem_message: [], projects: [] });
  });

  it('includes both ends of the range', async () => {
    const response = await sources(`startDate=${encodeURIComponent('2026-03-01T23:30:00-03:00')}&endDate=${encodeURIComponent('2026-03-03T03:00:00Z')}`);
    expect(idsBySection(response.json())).toEqual({
      correspondence: [ids.nota, ids.medianoche],
      dem_message: [ids.mensaje],
      projects: [ids.declaracion, ids.minuta, ids.ordenanza],
    });
  });

  it("reads date-times without an offset in the council's time zone", async () => {
    // 2026-03-02T00:00 in Buenos Aires is 03:00 UTC: the note of 23:30 the day before stays out.
    const response = await sources('startDate=2026-03-02T00:00&endDate=2026-03-02T09:00');
    expect(idsBySection(response.json())).toEqual({ correspondence: [], dem_message: [], projects: [ids.declaracion] });
    const midnight = await sources('startDate=2026-03-03T00:00&endDate=2026-03-03T00:00');
    expect(idsBySection(midnight.json()).correspondence).toEqual([ids.medianoche]);
  });

  it.each([
    ['no dates', '', 'startDate', 'La fecha de inicio no es válida.'],
    ['no end', 'startDate=2026-03-01T00:00', 'endDate', 'La fecha de fin no es válida.'],
    ['a start that is not a date', 'startDate=ayer&endDate=2026-03-01T00:00', 'startDate', 'La fecha de inicio no es válida.'],
    ['an impossible end', 'startDate=2026-03-01T00:00&endDate=2026-02-30T00:00', 'endDate', 'La fecha de fin no es válida.'],
    ['an end before the start', 'startDate=2026-03-02T00:00&endDate=2026-03-01T00:00', 'endDate', 'La fecha de fin no puede ser anterior a la de inicio.'],
    ['an end before the start, with offsets', `startDate=2026-03-02T00:00:00Z&endDate=${encodeURIComponent('2026-03-01T23:00:00Z')}`, 'endDate', 'La fecha de fin no puede ser anterior a la de inicio.'],
    ['an end before the start, mixed', `startDate=2026-03-02T12:00&endDate=${encodeURIComponent('2026-03-02T12:00:00Z')}`, 'endDate', 'La fecha de fin no puede ser anterior a la de inicio.'],
  ])('answers 422 for %s', async (_case, query, field, message) => {
    const response = await sources(query);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toContain(message);
  });

  it.each(['admin', 'asesor'] as const)('lets %s search', async (role) => {
    expect((await sources('startDate=2026-03-01T00:00&endDate=2026-03-02T00:00', role)).statusCode).toBe(200);
  });

  it.each(['mesa', 'concejal', 'ejecutivo', 'cm', 'user'] as const)('refuses %s with 403', async (role) => {
    const response = await sources('startDate=2026-03-01T00:00&endDate=2026-03-02T00:00', role);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('No tienes permiso para realizar esta acción.');
  });

  it('refuses a visitor without a token with 401', async () => {
    expect((await sources('startDate=2026-03-01T00:00&endDate=2026-03-02T00:00', null)).statusCode).toBe(401);
  });
});
