import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@concejo/contracts';
import { authTokens } from '../../db/schema/index.js';
import { digestToken } from '../../lib/tokens.js';
import { statusCounts, together } from '../../test/bursts.js';
import { buildUser, login, newDeviceId, type BuiltUser } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import {
  ACCOUNT_ADDRESS_FAILURE_LIMIT,
  ACCOUNT_BACKOFF_THRESHOLD,
  BACKOFF_CAP_MS,
  IP_FAILURE_LIMIT,
  THROTTLE_WINDOW_MS,
} from './login-throttle.js';

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
  const wrong = (email: string, address: string, device = newDeviceId()) => postLogin({ email, password: 'mal' }, { 'device-id': device }, address);
  const right = (user: BuiltUser, address: string, device = newDeviceId()) =>
    postLogin({ email: user.email, password: user.password }, { 'device-id': device }, address);

  it(`answers 429 with Retry-After after ${ACCOUNT_ADDRESS_FAILURE_LIMIT} failures on one account from one address, even for the right password`, async () => {
    const user = await buildUser(ctx.db);
    for (let attempt = 0; attempt < ACCOUNT_ADDRESS_FAILURE_LIMIT; attempt += 1) {
      expect((await wrong(user.email, '10.0.0.1')).statusCode).toBe(401);
    }
    const refused = await right(user, '10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(THROTTLE_WINDOW_MS / 1000 - 60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(THROTTLE_WINDOW_MS / 1000);
    expect(refused.json()).toEqual({
      message: 'Demasiados intentos fallidos de inicio de sesión. Inténtelo de nuevo en 15 minutos.',
      requestId: expect.any(String),
    });
  });

  it('checks at most 5 passwords of 20 sent at once on one account from one address', async () => {
    const user = await buildUser(ctx.db);
    const answers = await Promise.all(Array.from({ length: 20 }, () => wrong(user.email, '10.0.3.1')));
    const statuses = answers.map((answer) => answer.statusCode);
    // Each 401 is a password checked; a 429 checked none.
    expect(statuses.filter((status) => status === 401)).toHaveLength(ACCOUNT_ADDRESS_FAILURE_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - ACCOUNT_ADDRESS_FAILURE_LIMIT);
    expect((await right(user, '10.0.3.1')).statusCode).toBe(429);
  });

  it('lets a client the account knows in at once after failures from elsewhere, by its address or its device', async () => {
    const user = await buildUser(ctx.db);
    const laptop = newDeviceId();
    expect((await right(user, '10.0.4.2', laptop)).statusCode).toBe(200);
    for (let attempt = 0; attempt < ACCOUNT_ADDRESS_FAILURE_LIMIT; attempt += 1) {
      expect((await wrong(user.email, '10.0.4.1')).statusCode).toBe(401);
    }
    // The same laptop from another network (its device), then another device in the known office (its address).
    expect((await right(user, '10.0.4.3', laptop)).statusCode).toBe(200);
    for (let attempt = 0; attempt < ACCOUNT_ADDRESS_FAILURE_LIMIT; attempt += 1) await wrong(user.email, '10.0.4.4');
    expect((await right(user, '10.0.4.2')).statusCode).toBe(200);
    // The address that guessed stays locked.
    expect((await right(user, '10.0.4.1')).statusCode).toBe(429);
  });

  it('only slows a new client down after failures from elsewhere: it gets in after at most the backoff', async () => {
    const user = await buildUser(ctx.db);
    for (let attempt = 0; attempt < ACCOUNT_BACKOFF_THRESHOLD; attempt += 1) {
      expect((await wrong(user.email, '10.0.5.1')).statusCode).toBe(401);
    }
    const slowed = await right(user, '10.0.5.2');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('1');
    expect(slowed.json().message).toBe('Hubo varios intentos fallidos en esta cuenta. Inténtelo de nuevo en 1 segundo. Si la cuenta es suya y no puede esperar, restablezca la contraseña con «¿Olvidó su contraseña?».');
    ctx.clock.advance(1000);
    expect((await right(user, '10.0.5.2')).statusCode).toBe(200);
    expect((await right(user, '10.0.5.1')).statusCode).toBe(429);
  });

  it(`doubles the backoff with each failure and never makes anyone wait more than ${BACKOFF_CAP_MS / 1000} s`, async () => {
    const user = await buildUser(ctx.db);
    let address = 0;
    const elsewhere = () => `10.0.6.${++address}`;
    for (let attempt = 0; attempt < ACCOUNT_BACKOFF_THRESHOLD; attempt += 1) await wrong(user.email, '10.0.6.200');
    const waits: number[] = [];
    for (let attempt = 0; attempt < 9; attempt += 1) {
      const refused = await wrong(user.email, elsewhere());
      expect(refused.statusCode).toBe(429);
      waits.push(Number(refused.headers['retry-after']));
      ctx.clock.advance(waits.at(-1)! * 1000);
      expect((await wrong(user.email, elsewhere())).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
    // The owner, from a new place, waits at most that minute.
    ctx.clock.advance(BACKOFF_CAP_MS);
    expect((await right(user, elsewhere())).statusCode).toBe(200);
  });

  it('checks one password of 20 sent at once from 20 new addresses to an account in backoff', async () => {
    const user = await buildUser(ctx.db);
    for (let attempt = 0; attempt < ACCOUNT_BACKOFF_THRESHOLD; attempt += 1) await wrong(user.email, '10.0.7.200');
    ctx.clock.advance(1000);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => wrong(user.email, `10.0.7.${index + 1}`)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(19);
  });

  it(`checks ${ACCOUNT_BACKOFF_THRESHOLD} passwords of 60 guesses from 12 addresses sent together, and of 120 from 24; the owner then waits a second, not a minute`, async () => {
    const first = await buildUser(ctx.db);
    const second = await buildUser(ctx.db);
    const sixty = await together(60, (index) => wrong(first.email, `10.0.20.${(index % 12) + 1}`));
    const hundredTwenty = await together(120, (index) => wrong(second.email, `10.0.21.${(index % 24) + 1}`));
    // The owner, from a new device and a new address.
    const owner = await right(first, '10.0.20.200');
    // A new window: the attacker gets as few again.
    ctx.clock.advance(THROTTLE_WINDOW_MS);
    const nextWindow = await together(60, (index) => wrong(first.email, `10.0.20.${(index % 12) + 13}`));
    // Each 401 is a password checked; a 429 checked none.
    expect({ sixty: statusCounts(sixty), hundredTwenty: statusCounts(hundredTwenty), ownerWaits: Number(owner.headers['retry-after']), nextWindow: statusCounts(nextWindow) }).toEqual({
      sixty: { 401: ACCOUNT_BACKOFF_THRESHOLD, 429: 60 - ACCOUNT_BACKOFF_THRESHOLD },
      hundredTwenty: { 401: ACCOUNT_BACKOFF_THRESHOLD, 429: 120 - ACCOUNT_BACKOFF_THRESHOLD },
      ownerWaits: 1,
      nextWindow: { 401: ACCOUNT_BACKOFF_THRESHOLD, 429: 60 - ACCOUNT_BACKOFF_THRESHOLD },
    });
  });

  it('answers 401 or 429, never 5xx, to 40 bursts of 20 wrong passwords for one account each, every one from its own device', { timeout: 180_000 }, async () => {
    // The old reservation deadlocked with the giving back of refused attempts: a new account's counter
    // row lay behind the address's, and the two statements locked them the other way round. Once the
    // address has spent its 30 failures every attempt is refused and given back, the likeliest case.
    const statuses: Record<number, number> = {};
    for (let round = 0; round < 40; round += 1) {
      const user = await buildUser(ctx.db);
      for (const [status, count] of Object.entries(statusCounts(await together(20, () => wrong(user.email, '10.0.30.1'))))) {
        statuses[Number(status)] = (statuses[Number(status)] ?? 0) + count;
      }
    }
    expect(statuses).toEqual({ 401: IP_FAILURE_LIMIT, 429: 40 * 20 - IP_FAILURE_LIMIT });
  });

  it('lets the account in again once the window is over', async () => {
    const user = await buildUser(ctx.db);
    for (let attempt = 0; attempt < ACCOUNT_ADDRESS_FAILURE_LIMIT; attempt += 1) {
      await wrong(user.email, '10.0.1.1');
    }
    expect((await right(user, '10.0.1.1')).statusCode).toBe(429);
    ctx.clock.advance(THROTTLE_WINDOW_MS + 1000);
    expect((await right(user, '10.0.1.1')).statusCode).toBe(200);
  });

  it('a successful login clears the account counter', async () => {
    const user = await buildUser(ctx.db);
    for (let attempt = 0; attempt < ACCOUNT_ADDRESS_FAILURE_LIMIT - 1; attempt += 1) {
      await wrong(user.email, '10.0.2.1');
    }
    expect((await right(user, '10.0.2.1')).statusCode).toBe(200);
    for (let attempt = 0; attempt < ACCOUNT_ADDRESS_FAILURE_LIMIT - 1; attempt += 1) {
      expect((await wrong(user.email, '10.0.2.1')).statusCode).toBe(401);
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

  it('does not count successful logins against the address', async () => {
    const address = '10.9.8.1';
    const people = await Promise.all(Array.from({ length: 3 }, () => buildUser(ctx.db)));
    for (let round = 0; round < IP_FAILURE_LIMIT + 5; round += 1) {
      expect((await right(people[round % people.length]!, address)).statusCode).toBe(200);
    }
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

  const me = (token: string) => ctx.app.inject({ url: '/api/v1/user', headers: bearer(token) });

  it('stops accepting a token once it expires (TOKEN_TTL_HOURS), however often it is used', async () => {
    const token = await login(ctx.app, user);
    // Used every 100 minutes, so that only the absolute lifetime can end it: 11 h 40 min, then 11 h 59 min.
    for (let use = 0; use < 7; use += 1) {
      ctx.clock.advance(100 * 60_000);
      expect((await me(token)).statusCode).toBe(200);
    }
    ctx.clock.advance(19 * 60_000);
    expect((await me(token)).statusCode).toBe(200);
    ctx.clock.advance(120_000);
    const expired = await me(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('No autenticado.');
  });

  it('ends a session unused for 2 hours (SESSION_IDLE_MINUTES), while one in use goes on', async () => {
    const token = await login(ctx.app, user);
    ctx.clock.advance(119 * 60_000);
    expect((await me(token)).statusCode).toBe(200);
    ctx.clock.advance(119 * 60_000);
    expect((await me(token)).statusCode).toBe(200);
    ctx.clock.advance(121 * 60_000);
    const idle = await me(token);
    expect(idle.statusCode).toBe(401);
    expect(idle.json()).toEqual({ message: 'No autenticado.', requestId: expect.any(String) });
    // Stays ended once used again, and a new login works.
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(await login(ctx.app, user))).statusCode).toBe(200);
  });

  it('writes last_used_at at most once a minute, not on every request', async () => {
    const token = await login(ctx.app, user);
    const lastUsed = async () =>
      (await ctx.db.select({ at: authTokens.lastUsedAt }).from(authTokens).where(eq(authTokens.tokenHash, digestToken(token))))[0]!.at.getTime();
    const loggedInAt = await lastUsed();
    for (let request = 0; request < 5; request += 1) {
      ctx.clock.advance(10_000);
      expect((await me(token)).statusCode).toBe(200);
    }
    expect(await lastUsed()).toBe(loggedInAt);
    ctx.clock.advance(11_000);
    expect((await me(token)).statusCode).toBe(200);
    expect(await lastUsed()).toBe(ctx.clock.now().getTime());
  });

  it('takes the idle time from the configuration', async () => {
    const short = await createTestApp({ sessionIdleMs: 10 * 60_000 });
    try {
      const someone = await buildUser(short.db);
      const token = await login(short.app, someone);
      short.clock.advance(9 * 60_000);
      expect((await short.app.inject({ url: '/api/v1/user', headers: bearer(token) })).statusCode).toBe(200);
      short.clock.advance(11 * 60_000);
      expect((await short.app.inject({ url: '/api/v1/user', headers: bearer(token) })).statusCode).toBe(401);
    } finally {
      await short.close();
    }
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
