import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABILITIES, ROLES, type Ability, type Role } from '@concejo/contracts';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { buildUser, login } from '../test/factories.js';
import { createTestApp, type TestContext } from '../test/harness.js';

let ctx: TestContext;
const tokens = {} as Record<Role, string>;
const abilities = Object.keys(ABILITIES) as Ability[];

beforeAll(async () => {
  ctx = await createTestApp();
  // One probe route per ability, declared the way real routes are.
  for (const ability of abilities) {
    ctx.app.post(`/api/v1/probe/${ability}`, { config: { access: ability } }, async () => ({ ok: true }));
  }
  for (const role of ROLES) {
    tokens[role] = await login(ctx.app, await buildUser(ctx.db, { role }));
  }
});
afterAll(() => ctx.close());

describe('route access by role', () => {
  const cases = abilities.flatMap((ability) => ROLES.map((role) => [ability, role] as const));

  it.each(cases)('%s: role %s gets 200 when the roles table allows it and 403 otherwise', async (ability, role) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/probe/${ability}`,
      headers: { authorization: `Bearer ${tokens[role]}` },
    });
    const allowed = (ABILITIES[ability] as readonly Role[]).includes(role);
    expect(response.statusCode).toBe(allowed ? 200 : 403);
    if (!allowed) {
      expect(response.json()).toEqual({
        message: 'No tienes permiso para realizar esta acción.',
        requestId: expect.any(String),
      });
    }
  });

  it.each(abilities)('%s: answers 401 without a token', async (ability) => {
    const response = await ctx.app.inject({ method: 'POST', url: `/api/v1/probe/${ability}` });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('No autenticado.');
  });

  it('refuses an anonymous upload before reading its body', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/probe/users.manage',
      headers: { 'content-type': 'application/json' },
      payload: 'x'.repeat(10 * 1024 * 1024),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('route declarations', () => {
  it('refuses to start when an API route does not say who may call it', async () => {
    const app = await buildApp({ config: testConfig(), db: ctx.db });
    expect(() => app.get('/api/v1/forgotten', async () => ({ open: true }))).toThrow('does not declare config.access');
    await app.close();
  });
});
