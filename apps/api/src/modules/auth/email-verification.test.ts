import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@concejo/contracts';
import { users } from '../../db/schema/index.js';
import { buildLoggedInUser, buildUser, login } from '../../test/factories.js';
import { statusCounts, together } from '../../test/bursts.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { readOutbox } from '../../test/mail.js';
import { LIMITS, REQUEST_WINDOW_MS, VERIFICATION_LINK_TTL_MS } from './account-service.js';

const PUBLIC_URL = 'https://concejo.example.org';
let ctx: TestContext;
let outboxDir: string;

beforeAll(async () => {
  outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-test-outbox-'));
  // No SMTP server: the outbox folder, as on a laptop.
  ctx = await createTestApp({ publicUrl: PUBLIC_URL, mail: { smtpUrl: undefined, from: 'Concejo <no-reply@concejo.example.org>', outboxDir } });
});
afterAll(async () => {
  await ctx.close();
  await fs.rm(outboxDir, { recursive: true, force: true });
});

const requestVerification = (headers: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/email/verification-notification', headers });

/** Asks for the verification e-mail as the user and returns the link it carries (path and query). */
async function verificationLink(user: { email: string }, headers: Record<string, string>): Promise<URL> {
  const response = await requestVerification(headers);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: 'verification-link-sent', message: ACCOUNT_MESSAGES.verificationSent });
  await ctx.app.jobs.idle();
  const mail = (await readOutbox(outboxDir)).filter((candidate) => candidate.to.includes(user.email)).at(-1)!;
  return new URL(mail.links.find((link) => link.includes('/email/verify/'))!);
}

const open = (url: URL | string) => {
  const target = typeof url === 'string' ? new URL(url, PUBLIC_URL) : url;
  return ctx.app.inject({ url: `${target.pathname}${target.search}` });
};
const isVerified = async (id: number) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!.emailVerifiedAt !== null;

describe('POST /email/verification-notification', () => {
  it('writes the message to the outbox (.eml) when SMTP_URL is unset, with a signed link built from PUBLIC_URL', async () => {
    const { user, headers } = await buildLoggedInUser(ctx.app, ctx.db, 'concejal');
    const link = await verificationLink(user, headers);
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toMatch(new RegExp(`^/api/v1/email/verify/${user.id}/[0-9a-f]{64}$`));
    expect(link.searchParams.get('expires')).toMatch(/^\d+$/);
    expect(Number(link.searchParams.get('expires')) * 1000 - ctx.clock.now().getTime()).toBe(VERIFICATION_LINK_TTL_MS);
    expect(link.searchParams.get('signature')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const files = (await fs.readdir(outboxDir)).filter((file) => file.endsWith('.eml'));
    expect(files.length).toBeGreaterThan(0);
    const mail = (await readOutbox(outboxDir)).at(-1)!;
    expect(mail.subject).toBe('Verifique su email | Concejo Deliberante');
    expect(mail.text).toContain('Hola, Nombre:');
    expect(mail.html).toContain('Verificar email');
  });

  it('answers already-verified for a verified account and sends nothing', async () => {
    const user = await buildUser(ctx.db, { role: 'cm', verified: true });
    const token = await login(ctx.app, user);
    const before = (await readOutbox(outboxDir)).length;
    const response = await requestVerification({ authorization: `Bearer ${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'already-verified', message: ACCOUNT_MESSAGES.alreadyVerified });
    expect(await readOutbox(outboxDir)).toHaveLength(before);
  });

  it('is open to every role, and refuses no token with 401', async () => {
    for (const role of ['admin', 'asesor', 'mesa', 'concejal', 'ejecutivo', 'cm', 'user'] as const) {
      const { headers } = await buildLoggedInUser(ctx.app, ctx.db, role);
      expect((await requestVerification(headers)).statusCode, role).toBe(200);
    }
    const anonymous = await requestVerification({});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('No autenticado.');
  });

  it('limits the e-mails per account with 429', async () => {
    const { headers } = await buildLoggedInUser(ctx.app, ctx.db, 'mesa');
    for (let i = 0; i < LIMITS.verificationsPerUser; i += 1) expect((await requestVerification(headers)).statusCode).toBe(200);
    const blocked = await requestVerification(headers);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Demasiadas solicitudes\. Inténtelo de nuevo en \d+ minutos?\.$/);
    ctx.clock.advance(REQUEST_WINDOW_MS + 1000);
    expect((await requestVerification(headers)).statusCode).toBe(200);
  });

  it(`sends ${LIMITS.verificationsPerUser} e-mails of 20 requests sent together`, async () => {
    const { user, headers } = await buildLoggedInUser(ctx.app, ctx.db, 'mesa');
    const answers = await together(20, () => requestVerification(headers));
    await ctx.app.jobs.idle();
    const mails = (await readOutbox(outboxDir)).filter((mail) => mail.to.includes(user.email)).length;
    expect({ answers: statusCounts(answers), mails }).toEqual({ answers: { 200: LIMITS.verificationsPerUser, 429: 20 - LIMITS.verificationsPerUser }, mails: LIMITS.verificationsPerUser });
  });

  it('answers 200 while the mail server is unreachable: the message waits in the queue and is retried', async () => {
    const down = await createTestApp({ mail: { smtpUrl: 'smtp://127.0.0.1:9', from: 'x@concejo.test', outboxDir: '/nonexistent' } });
    try {
      const { headers } = await buildLoggedInUser(down.app, down.db, 'asesor');
      const response = await down.app.inject({ method: 'POST', url: '/api/v1/email/verification-notification', headers });
      expect(response.statusCode).toBe(200);
      expect(response.json().status).toBe('verification-link-sent');
      const job = async () =>
        (await down.db.execute<{ attempts: number; last_error: string | null }>(sql`select attempts, last_error from graphile_worker.jobs where task_identifier = 'verification-mail'`)).rows;
      // A try counts when it starts; its error is written when it ends.
      await expect.poll(async () => (await job())[0]?.last_error ?? '', { timeout: 15_000 }).toMatch(/ECONNREFUSED/);
      expect((await job())[0]!.attempts).toBeGreaterThanOrEqual(1);
    } finally {
      await down.close();
    }
  });
});

describe('GET /email/verify/:id/:hash', () => {
  it('verifies the e-mail and redirects to PUBLIC_URL/verified/success; opening it again still succeeds', async () => {
    const { user, headers } = await buildLoggedInUser(ctx.app, ctx.db, 'ejecutivo');
    const link = await verificationLink(user, headers);
    expect(await isVerified(user.id)).toBe(false);
    const response = await open(link);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${PUBLIC_URL}/verified/success`);
    expect(await isVerified(user.id)).toBe(true);
    const me = await ctx.app.inject({ url: '/api/v1/user', headers });
    expect(me.json().email_verified).toBe(true);
    expect((await open(link)).headers.location).toBe(`${PUBLIC_URL}/verified/success`);
  });

  it('redirects to /verified/error for a tampered id, hash, expiry or signature, and verifies nothing', async () => {
    const { user, headers } = await buildLoggedInUser(ctx.app, ctx.db, 'asesor');
    const other = await buildUser(ctx.db);
    const link = await verificationLink(user, headers);
    const hash = link.pathname.split('/').at(-1)!;
    const variants = [
      link.toString().replace(`/verify/${user.id}/`, `/verify/${other.id}/`),
      link.toString().replace(hash, `${hash.slice(0, -1)}${hash.endsWith('0') ? '1' : '0'}`),
      link.toString().replace(/expires=\d+/, `expires=${Number(link.searchParams.get('expires')) + 3600}`),
      link.toString().replace(/signature=[^&]+/, 'signature=' + 'A'.repeat(43)),
      `${link.origin}${link.pathname}`,
      `${link.origin}${link.pathname}?expires=abc&signature=`,
      link.toString().replace(`/verify/${user.id}/`, '/verify/no-es-un-id/'),
    ];
    for (const variant of variants) {
      const response = await open(variant);
      expect(response.statusCode, variant).toBe(302);
      expect(response.headers.location, variant).toBe(`${PUBLIC_URL}/verified/error`);
    }
    expect(await isVerified(user.id)).toBe(false);
    expect(await isVerified(other.id)).toBe(false);
  });

  it('redirects to /verified/error once the link expired (60 minutes)', async () => {
    const { user, headers } = await buildLoggedInUser(ctx.app, ctx.db, 'user');
    const link = await verificationLink(user, headers);
    ctx.clock.advance(VERIFICATION_LINK_TTL_MS + 1000);
    expect((await open(link)).headers.location).toBe(`${PUBLIC_URL}/verified/error`);
    expect(await isVerified(user.id)).toBe(false);
  });

  it('refuses a link sent to an address the account no longer has', async () => {
    const { user, headers } = await buildLoggedInUser(ctx.app, ctx.db, 'cm');
    const link = await verificationLink(user, headers);
    await ctx.db.update(users).set({ email: `nuevo-${user.id}@concejo.test` }).where(eq(users.id, user.id));
    expect((await open(link)).headers.location).toBe(`${PUBLIC_URL}/verified/error`);
    expect(await isVerified(user.id)).toBe(false);
  });
});
