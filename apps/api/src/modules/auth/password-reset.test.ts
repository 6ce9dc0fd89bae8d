import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@concejo/contracts';
import { authTokens, passwordResetTokens } from '../../db/schema/index.js';
import { digestToken } from '../../lib/tokens.js';
import { buildUser, login, newDeviceId, type BuiltUser } from '../../test/factories.js';
import { statusCounts, together } from '../../test/bursts.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { startSmtpSink, type SmtpSink } from '../../test/mail.js';
import { LIMITS, REQUEST_WINDOW_MS, RESET_TOKEN_TTL_MS } from './account-service.js';

const PUBLIC_URL = 'https://concejo.example.org';
let ctx: TestContext;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  ctx = await createTestApp({
    publicUrl: PUBLIC_URL,
    council: { name: 'Concejo Deliberante de Villa Test', town: 'Villa Test', region: 'Buenos Aires', timeZone: 'America/Argentina/Buenos_Aires' },
    mail: { smtpUrl: smtp.url, from: 'Concejo <no-reply@concejo.example.org>', outboxDir: '/nonexistent' },
  });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

let address = 0;
/** Each request from its own client address, so the per-address limit stays out of the way. */
const nextAddress = () => `10.0.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

const forgot = (email: unknown, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email } as Record<string, unknown>, remoteAddress });
const reset = (body: Record<string, unknown>, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/reset-password', payload: body, remoteAddress });

/** Requests a reset for the user and returns the link of the e-mail it received. */
async function requestLink(user: BuiltUser): Promise<{ token: string; email: string; link: string }> {
  const before = smtp.to(user.email).length;
  const response = await forgot(user.email);
  expect(response.statusCode).toBe(200);
  await ctx.app.jobs.idle();
  const mails = smtp.to(user.email);
  expect(mails).toHaveLength(before + 1);
  const link = mails.at(-1)!.links.find((candidate) => candidate.includes('/password-reset/'))!;
  const url = new URL(link);
  return { token: decodeURIComponent(url.pathname.split('/').at(-1)!), email: url.searchParams.get('email')!, link };
}

const newPassword = 'Nueva-Clave-Segura-77';
const resetBody = (link: { token: string; email: string }, password = newPassword) => ({
  token: link.token,
  email: link.email,
  password,
  password_confirmation: password,
});

describe('POST /forgot-password', () => {
  it('e-mails a Spanish reset link built from PUBLIC_URL, in text and HTML, with the council name', async () => {
    const user = await buildUser(ctx.db, { role: 'concejal', name: 'Ana', email: 'Ana.Reset@Concejo.test' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/forgot-password',
      headers: { host: 'attacker.example.com', 'x-forwarded-host': 'attacker.example.com' },
      payload: { email: 'ANA.RESET@concejo.test' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'reset-link-sent', message: ACCOUNT_MESSAGES.forgotSent });
    await ctx.app.jobs.idle();

    const [mail] = smtp.to(user.email);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('Restablecer su contraseña | Concejo Deliberante de Villa Test');
    expect(mail!.from).toContain('no-reply@concejo.example.org');
    expect(mail!.text).toContain('Hola, Ana:');
    expect(mail!.text).toContain('vence en 15 minutos');
    expect(mail!.html).toContain('vence en 15 minutos');
    expect(mail!.html).toContain('Concejo Deliberante de Villa Test');
    expect(mail!.html).toContain('lang="es"');
    const link = mail!.links.find((candidate) => candidate.includes('/password-reset/'))!;
    expect(link.startsWith(`${PUBLIC_URL}/password-reset/`)).toBe(true);
    expect(new URL(link).searchParams.get('email')).toBe('ana.reset@concejo.test');
    expect(mail!.html).toContain(link.replaceAll('&', '&amp;'));
  });

  it('stores only the token digest, valid for 15 minutes', async () => {
    const user = await buildUser(ctx.db);
    const { token } = await requestLink(user);
    const [row] = await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(row!.tokenHash).toBe(digestToken(token));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.expiresAt.getTime() - ctx.clock.now().getTime()).toBe(15 * 60_000);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = smtp.received.length;
    const response = await forgot('nadie@concejo.test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'reset-link-sent', message: ACCOUNT_MESSAGES.forgotSent });
    await ctx.app.jobs.idle();
    expect(smtp.received).toHaveLength(before);
  });

  it('refuses a malformed e-mail with 422 keyed by email', async () => {
    for (const email of ['', 'no-es-un-email', 42, 'a'.repeat(300) + '@x.com']) {
      const response = await forgot(email);
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['email']);
    }
    expect((await forgot('')).json().errors.email).toEqual(['El email es obligatorio.']);
  });

  it('limits requests per e-mail address with 429, Retry-After and a Spanish message, then lets them through', async () => {
    const user = await buildUser(ctx.db);
    for (let i = 0; i < LIMITS.forgotPerEmail; i += 1) expect((await forgot(user.email)).statusCode).toBe(200);
    const blocked = await forgot(user.email.toUpperCase());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Demasiadas solicitudes. Inténtelo de nuevo en 15 minutos.');
    expect(Number(blocked.headers['retry-after'])).toBe(REQUEST_WINDOW_MS / 1000);
    // The same for an unknown address: the limit does not tell which ones exist.
    for (let i = 0; i < LIMITS.forgotPerEmail; i += 1) await forgot('otro-desconocido@concejo.test');
    expect((await forgot('otro-desconocido@concejo.test')).statusCode).toBe(429);
    await ctx.app.jobs.idle();
    ctx.clock.advance(REQUEST_WINDOW_MS + 1000);
    expect((await forgot(user.email)).statusCode).toBe(200);
    await ctx.app.jobs.idle();
  });

  it('limits requests per client address', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < LIMITS.forgotPerIp; i += 1) expect((await forgot(`persona${i}@concejo.test`, ip)).statusCode).toBe(200);
    expect((await forgot('una-mas@concejo.test', ip)).statusCode).toBe(429);
    expect((await forgot('una-mas@concejo.test', '192.0.2.78')).statusCode).toBe(200);
  });

  it(`holds the limits under requests sent together: of 30 for one e-mail, ${LIMITS.forgotPerEmail} are sent; of 30 e-mails from one client, ${LIMITS.forgotPerIp}`, async () => {
    const user = await buildUser(ctx.db);
    const sameEmail = await together(30, () => forgot(user.email, '192.0.2.90'));
    const sameClient = await together(30, (index) => forgot(`rafaga${index}@concejo.test`, '192.0.2.91'));
    await ctx.app.jobs.idle();
    expect({ sameEmail: statusCounts(sameEmail), mails: smtp.to(user.email).length, sameClient: statusCounts(sameClient) }).toEqual({
      sameEmail: { 200: LIMITS.forgotPerEmail, 429: 30 - LIMITS.forgotPerEmail },
      mails: LIMITS.forgotPerEmail,
      sameClient: { 200: LIMITS.forgotPerIp, 429: 30 - LIMITS.forgotPerIp },
    });
  });

  it('counts the variants of one mailbox (+tags, case, Gmail\'s dots) as one e-mail', async () => {
    const variants = ['ana+1@gmail.com', 'A.N.A@gmail.com', 'ana+2@googlemail.com', 'ana@gmail.com'];
    const answers = [];
    for (const email of variants) answers.push((await forgot(email)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  it('answers 200 while the mail server is down, and delivers a working link once it is back', { timeout: 60_000 }, async () => {
    // A port with nobody listening, where the mail server will come back.
    const later = await startSmtpSink();
    const port = later.port;
    await later.close();
    const down = await createTestApp({ publicUrl: PUBLIC_URL, mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'x@concejo.test', outboxDir: '/nonexistent' } });
    let back: SmtpSink | undefined;
    try {
      const user = await buildUser(down.db);
      const response = await down.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email: user.email } });
      expect(response.statusCode).toBe(200);
      // Two failed tries (backoff: e, then e² seconds), then the server comes back.
      const attempts = async () =>
        Number((await down.db.execute<{ attempts: number }>(sql`select attempts from graphile_worker.jobs where task_identifier = 'password-reset-mail'`)).rows[0]?.attempts ?? 0);
      await expect.poll(attempts, { timeout: 20_000, interval: 100 }).toBeGreaterThanOrEqual(2);
      back = await startSmtpSink(port);
      await expect.poll(() => back!.to(user.email).length, { timeout: 30_000, interval: 100 }).toBe(1);
      await down.app.jobs.idle();
      const link = new URL(back.to(user.email)[0]!.links.find((candidate) => candidate.includes('/password-reset/'))!);
      const token = decodeURIComponent(link.pathname.split('/').at(-1)!);
      const done = await down.app.inject({ method: 'POST', url: '/api/v1/reset-password', payload: resetBody({ token, email: user.email }) });
      expect(done.statusCode).toBe(200);
    } finally {
      await down.close();
      await back?.close();
    }
  });
});

describe('POST /reset-password', () => {
  it('sets the new password, spends the token and ends every session of the account', async () => {
    const user = await buildUser(ctx.db, { role: 'mesa' });
    const oldToken = await login(ctx.app, user);
    const link = await requestLink(user);
    const response = await reset(resetBody(link));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'password-reset', message: 'Se ha cambiado su contraseña.' });

    expect(await ctx.db.select().from(authTokens).where(eq(authTokens.userId, user.id))).toEqual([]);
    const me = await ctx.app.inject({ url: '/api/v1/user', headers: { authorization: `Bearer ${oldToken}` } });
    expect(me.statusCode).toBe(401);
    expect(await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).toEqual([]);

    await expect(login(ctx.app, user)).rejects.toThrow(/401/);
    await expect(login(ctx.app, { email: user.email, password: newPassword })).resolves.toEqual(expect.any(String));
  });

  it('refuses the same link a second time', async () => {
    const user = await buildUser(ctx.db);
    const link = await requestLink(user);
    expect((await reset(resetBody(link))).statusCode).toBe(200);
    const again = await reset(resetBody(link, 'Otra-Clave-Segura-88'));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ message: ACCOUNT_MESSAGES.resetInvalidLink, errors: { token: [ACCOUNT_MESSAGES.resetInvalidLink] } });
    await expect(login(ctx.app, { email: user.email, password: newPassword })).resolves.toEqual(expect.any(String));
  });

  it('refuses an expired link (15 minutes)', async () => {
    const user = await buildUser(ctx.db);
    const link = await requestLink(user);
    ctx.clock.advance(RESET_TOKEN_TTL_MS + 1000);
    const response = await reset(resetBody(link));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.token).toEqual([ACCOUNT_MESSAGES.resetInvalidLink]);
    await expect(login(ctx.app, user)).resolves.toEqual(expect.any(String));
  });

  it('accepts a link just before it expires', async () => {
    const user = await buildUser(ctx.db);
    const link = await requestLink(user);
    ctx.clock.advance(RESET_TOKEN_TTL_MS - 1000);
    expect((await reset(resetBody(link))).statusCode).toBe(200);
  });

  it('refuses the token with another account e-mail, and a made-up token', async () => {
    const owner = await buildUser(ctx.db);
    const other = await buildUser(ctx.db);
    const link = await requestLink(owner);
    const wrongEmail = await reset({ ...resetBody(link), email: other.email });
    expect(wrongEmail.statusCode).toBe(422);
    expect(wrongEmail.json().errors.token).toEqual([ACCOUNT_MESSAGES.resetInvalidLink]);
    const unknownEmail = await reset({ ...resetBody(link), email: 'nadie@concejo.test' });
    expect(unknownEmail.json().errors.token).toEqual([ACCOUNT_MESSAGES.resetInvalidLink]);
    const madeUp = await reset({ ...resetBody(link), token: 'A'.repeat(43) });
    expect(madeUp.json().errors.token).toEqual([ACCOUNT_MESSAGES.resetInvalidLink]);
    // The real pair still works after those attempts.
    expect((await reset(resetBody(link))).statusCode).toBe(200);
  });

  it('refuses the previous link once a new one was requested', async () => {
    const user = await buildUser(ctx.db);
    const first = await requestLink(user);
    const second = await requestLink(user);
    expect(first.token).not.toBe(second.token);
    expect((await reset(resetBody(first))).json().errors.token).toEqual([ACCOUNT_MESSAGES.resetInvalidLink]);
    expect((await reset(resetBody(second))).statusCode).toBe(200);
  });

  it('checks the new password: required, at least 8 characters, not common, not the e-mail, confirmed', async () => {
    const user = await buildUser(ctx.db, { email: 'politica@concejo.test' });
    const link = await requestLink(user);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ password: '', password_confirmation: '' }, { password: [ACCOUNT_MESSAGES.passwordRequired], password_confirmation: [ACCOUNT_MESSAGES.confirmationRequired] }],
      [{ password: 'Corta1', password_confirmation: 'Corta1' }, { password: [ACCOUNT_MESSAGES.passwordTooShort] }],
      [{ password: 'x'.repeat(129), password_confirmation: 'x'.repeat(129) }, { password: [ACCOUNT_MESSAGES.passwordTooLong], password_confirmation: [ACCOUNT_MESSAGES.passwordTooLong] }],
      [{ password: 'contraseña', password_confirmation: 'contraseña' }, { password: [ACCOUNT_MESSAGES.passwordTooCommon] }],
      [{ password: 'Argentina2026', password_confirmation: 'Argentina2026' }, { password: [ACCOUNT_MESSAGES.passwordTooCommon] }],
      [{ password: '123456789', password_confirmation: '123456789' }, { password: [ACCOUNT_MESSAGES.passwordTooCommon] }],
      [{ password: 'politica@concejo.test', password_confirmation: 'politica@concejo.test' }, { password: [ACCOUNT_MESSAGES.passwordIsEmail] }],
      [{ password: 'Una-Clave-Buena-1', password_confirmation: 'Una-Clave-Buena-2' }, { password: [ACCOUNT_MESSAGES.passwordMismatch] }],
    ];
    for (const [body, errors] of cases) {
      const response = await reset({ ...resetBody(link), ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    const missing = await reset({});
    expect(Object.keys(missing.json().errors).sort()).toEqual(['email', 'password', 'password_confirmation', 'token']);
    // None of those spent the token.
    expect((await reset(resetBody(link))).statusCode).toBe(200);
  });

  it('limits failed attempts per e-mail with 429 and counts no successes', async () => {
    const user = await buildUser(ctx.db);
    const link = await requestLink(user);
    for (let i = 0; i < LIMITS.resetFailuresPerEmail; i += 1) {
      expect((await reset({ ...resetBody(link), token: `${'B'.repeat(42)}${i}` })).statusCode).toBe(422);
    }
    const blocked = await reset(resetBody(link));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    ctx.clock.advance(REQUEST_WINDOW_MS + 1000);
    // A new window: the link has expired meanwhile (15 minutes), a new one works.
    expect((await reset(resetBody(link))).json().errors.token).toEqual([ACCOUNT_MESSAGES.resetInvalidLink]);
    expect((await reset(resetBody(await requestLink(user)))).statusCode).toBe(200);
  });

  it(`checks ${LIMITS.resetFailuresPerEmail} of 30 wrong links for one e-mail sent together, and ${LIMITS.resetFailuresPerIp} of 30 from one client`, async () => {
    const user = await buildUser(ctx.db);
    const wrongLink = (index: number) => ({ token: `D${String(index).padStart(42, '0')}`, email: user.email, password: newPassword, password_confirmation: newPassword });
    const sameEmail = await together(30, (index) => reset(wrongLink(index)));
    const sameClient = await together(30, (index) => reset({ ...wrongLink(index), email: `rafaga${index}@concejo.test` }, '198.51.100.90'));
    // Each 422 is a link checked; a 429 checked none.
    expect({ sameEmail: statusCounts(sameEmail), sameClient: statusCounts(sameClient) }).toEqual({
      sameEmail: { 422: LIMITS.resetFailuresPerEmail, 429: 30 - LIMITS.resetFailuresPerEmail },
      sameClient: { 422: LIMITS.resetFailuresPerIp, 429: 30 - LIMITS.resetFailuresPerIp },
    });
  });

  it('limits failed attempts per client address', async () => {
    const ip = '198.51.100.9';
    for (let i = 0; i < LIMITS.resetFailuresPerIp; i += 1) {
      await reset({ token: 'C'.repeat(43), email: `intento${i}@concejo.test`, password: newPassword, password_confirmation: newPassword }, ip);
    }
    const blocked = await reset({ token: 'C'.repeat(43), email: 'ultimo@concejo.test', password: newPassword, password_confirmation: newPassword }, ip);
    expect(blocked.statusCode).toBe(429);
  });

  it('lets the owner in from a new device and address while someone keeps guessing, once they reset the password by e-mail', async () => {
    const user = await buildUser(ctx.db);
    const owner = { address: '198.51.100.60', device: newDeviceId() };
    const logIn = (password: string, remoteAddress: string, device = newDeviceId()) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/login', headers: { 'device-id': device }, payload: { email: user.email, password }, remoteAddress });
    /** 60 guesses sent together from 12 addresses (5 each, the most one address may try). */
    const guesses = (first: number) => together(60, (index) => logIn('mal', `203.0.113.${first + (index % 12)}`));
    await guesses(1);
    const slowed = await logIn(user.password, owner.address, owner.device);
    const link = await requestLink(user);
    const done = await ctx.app.inject({ method: 'POST', url: '/api/v1/reset-password', payload: resetBody(link), remoteAddress: owner.address, headers: { 'device-id': owner.device } });
    // The guessing goes on: the account is slowed down again for clients it does not know...
    const afterReset = await guesses(13);
    const stranger = await logIn(newPassword, '198.51.100.61');
    // ...but not for the browser that reset it, nor for another device at its address, in the middle of a burst.
    const [ownersBrowser, ownersNetwork, duringBurst] = await Promise.all([logIn(newPassword, owner.address, owner.device), logIn(newPassword, owner.address), guesses(25)]);
    expect({
      slowed: slowed.statusCode,
      reset: done.statusCode,
      afterReset: statusCounts(afterReset),
      stranger: stranger.statusCode,
      ownersBrowser: ownersBrowser.statusCode,
      ownersNetwork: ownersNetwork.statusCode,
    }).toEqual({ slowed: 429, reset: 200, afterReset: { 401: 5, 429: 55 }, stranger: 429, ownersBrowser: 200, ownersNetwork: 200 });
    // The owner's success starts the account's count over: the burst around it gets at most its 5 again.
    expect(duringBurst.filter((answer) => answer.statusCode === 401).length).toBeLessThanOrEqual(5);
  });

  it('lifts the failed-login lock of the account it resets', async () => {
    const user = await buildUser(ctx.db);
    for (let i = 0; i < 5; i += 1) {
      await ctx.app.inject({ method: 'POST', url: '/api/v1/login', headers: { 'device-id': newDeviceId() }, payload: { email: user.email, password: 'mal' } });
    }
    const locked = await ctx.app.inject({ method: 'POST', url: '/api/v1/login', headers: { 'device-id': newDeviceId() }, payload: { email: user.email, password: user.password } });
    expect(locked.statusCode).toBe(429);
    const link = await requestLink(user);
    expect((await reset(resetBody(link))).statusCode).toBe(200);
    await expect(login(ctx.app, { email: user.email, password: newPassword })).resolves.toEqual(expect.any(String));
  });
});
