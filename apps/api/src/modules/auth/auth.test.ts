import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@concejo/contracts';
import { authTokens } from '../../db/schema/index.js';
import { digestToken } from '../../lib/tokens.js';
import { buildUser, login, newDeviceId, type BuiltUser } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { ACCOUNT_FAILURE_LIMIT, IP_FAILURE_LIMIT, THROTTLE_WINDOW_MS } from './login-throttle.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ tokenTtlMs: 12 * 3600_000 });
});
afterAll(() => ctx.close());

function postLogin(body: unknown, headers: Record<string, string> = { 'device-id': newDeviceId() }, remoteAddress?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    headers,
    payload: body as Record<string, unknown>,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('POST /login', () => {
  it('returns a token, the role and the user fields of the contract', async () => {
    const user = await buildUser(ctx.db, { role: 'concejal', name: 'Ana', lastName: 'Rodríguez', verified: true });
    const response = await postLogin({ email: user.email, password: user.password });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      token: expect.any(String),
      role: 'concejal',
      user: { name: 'Ana', last_name: 'Rodríguez', email_verified: true },
    });
    // 32 random bytes in base64url
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores only a digest of the token, never the token itself', async () => {
    const user = await buildUser(ctx.db);
    const token = await login(ctx.app, user);
    const rows = await ctx.db.select().from(authTokens).where(eq(authTokens.tokenHash, digestToken(token)));
    expect(rows).toHaveLength(1);
    const all = await ctx.db.select({ hash: authTokens.tokenHash }).from(authTokens);
    expect(all.map((row) => row.hash)).not.toContain(token);
  });

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const user = await buildUser(ctx.db, { email: 'mesa.entrada@concejo.test' });
    const response = await postLogin({ email: '  Mesa.Entrada@Concejo.TEST ', password: user.password });
    expect(response.statusCode).toBe(200);
  });

  it('answers 401 with the Spanish message for a wrong password', async () => {
    const user = await buildUser(ctx.db);
    const response = await postLogin({ email: user.email, password: 'otra-clave' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Email o contraseña incorrectos.', requestId: expect.any(String) });
  });

  it('answers the same 401 for an e-mail that has no account', async () => {
    const response = await postLogin({ email: 'nadie@concejo.test', password: 'lo-que-sea' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Email o contraseña incorrectos.');
  });

  it('answers 422 naming Device-Id when the header is missing or malformed', async () => {
    const user = await buildUser(ctx.db);
    const variants: Record<string, string>[] = [{}, { 'device-id': 'x' }, { 'device-id': '<script>alert(1)</script>' }];
    for (const headers of variants) {
      const response = await postLogin({ email: user.email, password: user.password }, headers);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ 'Device-Id': [MESSAGES.missingDeviceId] });
    }
  });

  it.each([
    ['an empty object', {}, ['email', 'password']],
    ['an invalid e-mail', { email: 'no-es-un-email', password: 'x' }, ['email']],
    ['a number as e-mail', { email: 12345, password: 'x' }, ['email']],
    ['an object as password', { email: 'a@b.ar', password: { $ne: '' } }, ['password']],
    ['an empty password', { email: 'a@b.ar', password: '' }, ['password']],
    ['a huge e-mail', { email: `${'a'.repeat(5000)}@b.ar`, password: 'x' }, ['email']],
    ['a huge password', { email: 'a@b.ar', password: 'x'.repeat(5000) }, ['password']],
    ['an array', [1, 2, 3], ['body']],
  ])('answers 422 with Spanish field errors for %s', async (_name, body, fields) => {
    const response = await postLogin(body);
    expect(response.statusCode).toBe(422);
    const json = response.json();
    expect(Object.keys(json.errors).sort()).toEqual([...fields].sort());
    expect(json.requestId).toEqual(expect.any(String));
    // Spanish, not zod's English defaults
    expect(json.message).not.toMatch(/Invalid|expected|Required/);
  });

  it('answers 422 (never 500) for a body that is not JSON', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json', 'device-id': newDeviceId() },
      payload: '{"email": "a@b.ar", "password": ',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'El cuerpo de la solicitud no es un JSON válido.', requestId: expect.any(String) });
  });

  it('answers 422 for a request without a body', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/login', headers: { 'device-id': newDeviceId() } });
    expect(response.statusCode).toBe(422);
  });

  it('answers 413 for a body over the limit', async () => {
    const response = await postLogin({ email: 'a@b.ar', password: 'x'.repeat(200 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(MESSAGES.payloadTooLarge);
  });

  it('gives one live token per device: a new login from the same device replaces the old token', async () => {
    const user = await buildUser(ctx.db);
    const device = newDeviceId();
    const first = await login(ctx.app, user, device);
    const second = await login(ctx.app, user, device);
    expect((await ctx.app.inject({ url: '/api/v1/user', headers: bearer(first) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/v1/user', headers: bearer(second) })).statusCode).toBe(200);
  });
});

describe('failed-login limits', () => {
  it(`answers 429 with Retry-After after ${ACCOUNT_FAILURE_LIMIT} failures on one account, even for the right password`, async () => {
    const user = await buildUser(ctx.db);
    for (let attempt = 0; attempt < ACCOUNT_FAILURE_LIMIT; attempt += 1) {
      expect((await postLogin({ email: user.email, password: 'mal' }, undefined, '10.0.0.1')).statusCode).toBe(401);
    }
    // From another address too: the limit belongs to the account.
    const refused = await postLogin({ email: user.email, password: user.password }, undefined, '10.0.0.2');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(THROTTLE_WINDOW_MS / 1000);
    expect(refused.json()).toEqual({
      message: 'Demasiados intentos fallidos de inicio de sesión. Inténtalo de nuevo en 15 minutos.',
      requestId: expect.any(String),
    });
  });

  it('lets the account in again once the window is over', async () => {
    const user = await buildUser(ctx.db);
    for (let attempt = 0; attempt < ACCOUNT_FAILURE_LIMIT; attempt += 1) {
      await postLogin({ email: user.email, password: 'mal' }, undefined, '10.0.1.1');
    }
    expect((await postLogin({ email: user.email, password: user.password }, undefined, '10.0.1.1')).statusCode).toBe(429);
    ctx.clock.advance(THROTTLE_WINDOW_MS + 1000);
    expect((await postLogin({ email: user.email, password: user.password }, undefined, '10.0.1.1')).statusCode).toBe(200);
  });

  it('a successful login clears the account counter', async () => {
    const user = await buildUser(ctx.db);
    for (let attempt = 0; attempt < ACCOUNT_FAILURE_LIMIT - 1; attempt += 1) {
      await postLogin({ email: user.email, password: 'mal' }, undefined, '10.0.2.1');
    }
    expect((await postLogin({ email: user.email, password: user.password }, undefined, '10.0.2.1')).statusCode).toBe(200);
    for (let attempt = 0; attempt < ACCOUNT_FAILURE_LIMIT - 1; attempt += 1) {
      expect((await postLogin({ email: user.email, password: 'mal' }, undefined, '10.0.2.1')).statusCode).toBe(401);
    }
  });

  it(`answers 429 to an address after ${IP_FAILURE_LIMIT} failures across many accounts`, async () => {
    const address = '10.9.9.9';
    for (let attempt = 0; attempt < IP_FAILURE_LIMIT; attempt += 1) {
      const response = await postLogin({ email: `intento${attempt}@concejo.test`, password: 'mal' }, undefined, address);
      expect(response.statusCode).toBe(401);
    }
    const user = await buildUser(ctx.db);
    expect((await postLogin({ email: user.email, password: user.password }, undefined, address)).statusCode).toBe(429);
    expect((await postLogin({ email: user.email, password: user.password }, undefined, '10.9.9.10')).statusCode).toBe(200);
  });
});

describe('tokens', () => {
  let user: BuiltUser;
  beforeAll(async () => {
    user = await buildUser(ctx.db, { role: 'mesa', name: 'Martín', lastName: 'Gómez' });
  });

  it('answers 401 with the Spanish message without a token, with a malformed one and with an unknown one', async () => {
    for (const headers of [{}, { authorization: 'Bearer' }, { authorization: 'Basic abc' }, bearer('x'.repeat(43))]) {
      const response = await ctx.app.inject({ url: '/api/v1/user', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'No autenticado.', requestId: expect.any(String) });
    }
  });

  it('stops accepting a token once it expires', async () => {
    const token = await login(ctx.app, user);
    ctx.clock.advance(12 * 3600_000 - 60_000);
    expect((await ctx.app.inject({ url: '/api/v1/user', headers: bearer(token) })).statusCode).toBe(200);
    ctx.clock.advance(120_000);
    expect((await ctx.app.inject({ url: '/api/v1/user', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('logout revokes the token used and leaves the other devices logged in', async () => {
    const laptop = await login(ctx.app, user);
    const phone = await login(ctx.app, user);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(laptop) });
    expect(response.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/v1/user', headers: bearer(laptop) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(laptop) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/v1/user', headers: bearer(phone) })).statusCode).toBe(200);
  });
});

describe('GET /user and PUT /user', () => {
  it('returns the account in the contract shape', async () => {
    const user = await buildUser(ctx.db, { role: 'cm', name: 'Sofía', lastName: 'Martínez', verified: true });
    const token = await login(ctx.app, user);
    const response = await ctx.app.inject({ url: '/api/v1/user', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: { name: 'Sofía', last_name: 'Martínez', email: user.email },
      role: 'cm',
      email_verified: true,
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('changes only the own name and last name, trimmed', async () => {
    const user = await buildUser(ctx.db, { role: 'user' });
    const token = await login(ctx.app, user);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/user',
      headers: bearer(token),
      payload: { name: '  María José ', last_name: 'Núñez', role: 'admin', email: 'otro@concejo.test' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: { name: 'María José', last_name: 'Núñez', email: user.email },
      role: 'user',
      email_verified: false,
    });
  });

  it('answers 422 with Spanish messages for empty or oversized names', async () => {
    const user = await buildUser(ctx.db);
    const token = await login(ctx.app, user);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/user',
      headers: bearer(token),
      payload: { name: '   ', last_name: 'x'.repeat(101) },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      name: ['El nombre es obligatorio.'],
      last_name: ['El apellido no puede superar los 100 caracteres.'],
    });
  });

  it('answers 401 without a token', async () => {
    const response = await ctx.app.inject({ method: 'PUT', url: '/api/v1/user', payload: { name: 'A', last_name: 'B' } });
    expect(response.statusCode).toBe(401);
  });
});
