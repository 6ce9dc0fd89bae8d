import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Conflict, NotFound, ValidationFailed } from '../lib/errors.js';
import { createTestApp, type TestContext } from '../test/harness.js';

let ctx: TestContext;
const warnings: { sqlState?: string; message: string }[] = [];

/** Statements PostgreSQL refuses with a data exception (SQLSTATE class 22), each with a value a client could send. */
const DATA_ERRORS: Record<string, { statement: () => ReturnType<typeof sql>; message: string }> = {
  '22008': { statement: () => sql`select ${'0000-01-01'}::date`, message: 'La fecha enviada no es válida.' },
  '22007': { statement: () => sql`select ${'garbage'}::timestamptz`, message: 'La fecha enviada no es válida.' },
  '22003': { statement: () => sql`select ${'99999999999'}::integer`, message: 'Uno de los números enviados está fuera del rango permitido.' },
  '22P02': { statement: () => sql`select ${'doce'}::integer`, message: 'Uno de los datos enviados no es válido.' },
  '22001': { statement: () => sql.raw(`do $$ declare short varchar(3); begin short := 'demasiado largo'; end $$`), message: 'Uno de los textos enviados es demasiado largo.' },
  '22021': { statement: () => sql`select ${'nul\u0000byte'}::text`, message: 'El texto enviado contiene caracteres no válidos.' },
  '22P05': { statement: () => sql`select ${'"\\u0000"'}::jsonb`, message: 'El texto enviado contiene caracteres no válidos.' },
  '22012': { statement: () => sql`select 1 / ${0}::integer`, message: 'Uno de los datos enviados no es válido.' },
};

beforeAll(async () => {
  ctx = await createTestApp();
  ctx.app.addHook('onRequest', async (request) => {
    const warn = request.log.warn.bind(request.log);
    request.log.warn = ((object: { sqlState?: string }, message: string) => {
      warnings.push({ sqlState: object.sqlState, message });
      warn(object, message);
    }) as typeof request.log.warn;
  });
  ctx.app.get('/api/v1/database/:code', { config: { access: 'public' } }, async (request) => {
    const { code } = request.params as { code: string };
    await ctx.db.execute(DATA_ERRORS[code]!.statement());
    return { ok: true };
  });
  ctx.app.get('/api/v1/boom', { config: { access: 'public' } }, async () => {
    throw new Error('relation "secret_table" does not exist at /srv/app/db.ts:12');
  });
  ctx.app.get('/api/v1/typed/:kind', { config: { access: 'public' } }, async (request) => {
    const { kind } = request.params as { kind: string };
    if (kind === 'conflict') throw new Conflict();
    if (kind === 'validation') throw ValidationFailed.field('number', 'Debe ingresar el número de la normativa.');
    throw new NotFound('No se encontró la normativa.');
  });
  ctx.app.get('/api/v1/bare-date-error', { config: { access: 'public' } }, async () => {
    throw Object.assign(new Error('date/time field value out of range: "0000-01-01"'), { code: '22008', severity: 'ERROR' });
  });
  ctx.app.get('/api/v1/in-use', { config: { access: 'public' } }, async () => {
    throw Object.assign(new Error('update or delete on table "regulations" violates foreign key constraint'), { code: '23503' });
  });
});
afterAll(() => ctx.close());

describe('error bodies', () => {
  it('hides the internals of an unexpected error behind a Spanish 500 with a request id', async () => {
    const response = await ctx.app.inject({ url: '/api/v1/boom' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toEqual({
      message: 'Ocurrió un error inesperado en el servidor. Inténtelo de nuevo más tarde.',
      requestId: response.headers['x-request-id'],
    });
    expect(response.body).not.toContain('secret_table');
  });

  it('shapes typed errors with their status, message and field errors', async () => {
    const conflict = await ctx.app.inject({ url: '/api/v1/typed/conflict' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().message).toMatch(/Otra persona modificó/);

    const validation = await ctx.app.inject({ url: '/api/v1/typed/validation' });
    expect(validation.statusCode).toBe(422);
    expect(validation.json()).toEqual({
      message: 'Debe ingresar el número de la normativa.',
      errors: { number: ['Debe ingresar el número de la normativa.'] },
      requestId: expect.any(String),
    });

    const missing = await ctx.app.inject({ url: '/api/v1/typed/other' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No se encontró la normativa.');
  });

  it('answers an unknown API path with a JSON 404 in the same shape', async () => {
    const response = await ctx.app.inject({ url: '/api/v1/no-existe', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No se encontró el recurso solicitado.', requestId: expect.any(String) });
  });

  it('gives every answer a distinct request id header', async () => {
    const first = await ctx.app.inject({ url: '/healthz' });
    const second = await ctx.app.inject({ url: '/healthz' });
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });
});

describe('health', () => {
  it('answers liveness and readiness with the database reachable', async () => {
    expect((await ctx.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await ctx.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ok' });
  });
});

describe('database refusals', () => {
  it.each(Object.entries(DATA_ERRORS))('answers a value PostgreSQL refuses with SQLSTATE %s as a Spanish 422, logged as a warning', async (code, { message }) => {
    warnings.length = 0;
    const response = await ctx.app.inject({ url: `/api/v1/database/${code}` });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({ message, requestId: response.headers['x-request-id'] });
    expect(response.body).not.toMatch(/syntax|range|encoding|sequence|integer|violates/i);
    expect(warnings).toEqual([{ sqlState: code, message: 'database refused a value sent by the client' }]);
  });

  it('maps a pg-shaped data exception that no query wrapper carries the same way', async () => {
    const response = await ctx.app.inject({ url: '/api/v1/bare-date-error' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('La fecha enviada no es válida.');
  });

  it('answers 409 in Spanish when a row is still referenced elsewhere', async () => {
    const response = await ctx.app.inject({ url: '/api/v1/in-use' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/^No se puede completar la acción/);
    expect(response.body).not.toContain('foreign key');
  });
});
