import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Conflict, NotFound, ValidationFailed } from '../lib/errors.js';
import { createTestApp, type TestContext } from '../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  ctx.app.get('/api/v1/boom', { config: { access: 'public' } }, async () => {
    throw new Error('relation "secret_table" does not exist at /srv/app/db.ts:12');
  });
  ctx.app.get('/api/v1/typed/:kind', { config: { access: 'public' } }, async (request) => {
    const { kind } = request.params as { kind: string };
    if (kind === 'conflict') throw new Conflict();
    if (kind === 'validation') throw ValidationFailed.field('number', 'Debe ingresar el número de la normativa.');
    throw new NotFound('No se encontró la normativa.');
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
      message: 'Ocurrió un error inesperado en el servidor. Inténtalo de nuevo más tarde.',
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
  it('answers 409 in Spanish when a row is still referenced elsewhere', async () => {
    const response = await ctx.app.inject({ url: '/api/v1/in-use' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/^No se puede completar la acción/);
    expect(response.body).not.toContain('foreign key');
  });
});
