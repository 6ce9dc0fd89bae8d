import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLoggedInUser } from '../test/factories.js';
import { createTestApp, type TestContext } from '../test/harness.js';
import { DRAINING_MESSAGE } from './drain.js';

// A SIGTERM behind a balancer (SHUTDOWN_DRAIN_SECONDS): GET and HEAD get an immediate 503 that nginx
// retries elsewhere, everything else is still served, and the drain ends after a quiet second.
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('draining before a shutdown', () => {
  it('answers GET and HEAD with 503 at once, serves other methods, and ends once requests stop coming', async () => {
    const { headers } = await buildLoggedInUser(ctx.app, ctx.db, 'admin');
    expect((await ctx.app.inject({ url: '/api/v1/news/published' })).statusCode).toBe(200);

    const drained = ctx.app.drain(10_000);
    const read = await ctx.app.inject({ url: '/api/v1/news/published' });
    expect(read.statusCode).toBe(503);
    expect(read.json().message).toBe(DRAINING_MESSAGE);
    expect(read.json().requestId).toBe(read.headers['x-request-id']);
    expect(read.headers['retry-after']).toBe('5');
    expect(read.headers.connection).toBe('close');
    expect((await ctx.app.inject({ method: 'HEAD', url: '/readyz' })).statusCode).toBe(503);
    // A write nginx would not send twice is done here.
    const write = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers,
      payload: { name: 'Ana', last_name: 'Paz', email: 'ana.paz@concejo.test', email_confirmation: 'ana.paz@concejo.test', password: 'Clave-larga-2026', password_confirmation: 'Clave-larga-2026', role: 'cm' },
    });
    expect(write.statusCode, write.body).toBe(201);

    const result = await drained;
    expect(result.ended).toBe('quiet');
    expect(result.refused).toBe(2);
    expect(result.ms).toBeGreaterThanOrEqual(1_000);
  });

  it('ends at its limit while requests keep coming', async () => {
    const drained = ctx.app.drain(1_500);
    let done = false;
    void drained.then(() => (done = true));
    while (!done) {
      expect((await ctx.app.inject({ url: '/api/v1/news/published' })).statusCode).toBe(503);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const result = await drained;
    expect(result.ended).toBe('limit');
    expect(result.ms).toBeGreaterThanOrEqual(1_500);
  });
});
