import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, newDeviceId } from '../test/factories.js';
import { capturingLogger, createTestApp, type TestContext } from '../test/harness.js';
import { imageForm, sampleImage } from '../test/images.js';
import { readOutbox } from '../test/mail.js';
import { multipartForm, samplePdf } from '../test/multipart.js';

let ctx: TestContext;
let outbox: string;
const capture = capturingLogger();
beforeAll(async () => {
  outbox = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-audit-outbox-'));
  ctx = await createTestApp({ mail: { smtpUrl: undefined, from: 'x@concejo.test', outboxDir: outbox } }, { logger: capture.logger });
});
afterAll(async () => {
  await ctx.close();
  await fs.rm(outbox, { recursive: true, force: true });
});

/** The audit lines written since `from`, as an operator would filter them. */
const events = (from: number, name: string) =>
  capture
    .entries()
    .slice(from)
    .filter((entry) => entry.event === name);

const ADDRESS = '203.0.113.7';
const postLogin = (email: string, password: string, remoteAddress = ADDRESS) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/login', headers: { 'device-id': newDeviceId() }, payload: { email, password }, remoteAddress });

async function bearerOf(role: 'admin' | 'asesor' | 'cm') {
  const user = await buildUser(ctx.db, { role });
  const response = await postLogin(user.email, user.password);
  return { user, headers: { authorization: `Bearer ${response.json<{ token: string }>().token}` } };
}

describe('audit events', () => {
  it('logs logins that succeed, fail (with a null user for an unknown e-mail) and are locked, with the address', async () => {
    const user = await buildUser(ctx.db);
    const from = capture.lines.length;
    expect((await postLogin(user.email, user.password)).statusCode).toBe(200);
    expect((await postLogin('nadie@concejo.test', 'mal')).statusCode).toBe(401);
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await postLogin(user.email, 'mal', '203.0.113.8')).statusCode).toBe(401);
    expect((await postLogin(user.email, user.password, '203.0.113.8')).statusCode).toBe(429);

    expect(events(from, 'login_succeeded')).toEqual([expect.objectContaining({ userId: user.id, address: ADDRESS, level: 30 })]);
    const failed = events(from, 'login_failed');
    expect(failed).toHaveLength(6);
    expect(failed[0]).toMatchObject({ userId: null, address: ADDRESS });
    expect(failed[1]).toMatchObject({ userId: user.id, address: '203.0.113.8' });
    expect(events(from, 'login_locked')).toEqual([
      expect.objectContaining({ userId: user.id, address: '203.0.113.8', scope: 'account_address', retryAfterSeconds: expect.any(Number) }),
    ]);
    // Neither the e-mail typed nor the password reach these lines.
    expect(capture.lines.slice(from).join('\n')).not.toContain('nadie@concejo.test');
  });

  it('logs password reset requests (null for an unknown e-mail) and resets', async () => {
    const user = await buildUser(ctx.db);
    const from = capture.lines.length;
    const forgot = (email: string) => ctx.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email }, remoteAddress: ADDRESS });
    expect((await forgot(user.email)).statusCode).toBe(200);
    expect((await forgot('nadie-mas@concejo.test')).statusCode).toBe(200);
    await ctx.app.jobs.idle();
    expect(events(from, 'password_reset_requested')).toEqual([
      expect.objectContaining({ userId: user.id, address: ADDRESS }),
      expect.objectContaining({ userId: null, address: ADDRESS }),
    ]);

    const mail = (await readOutbox(outbox)).find((message) => message.to.includes(user.email));
    const token = new URL(mail!.links.find((link) => link.includes('/password-reset/'))!).pathname.split('/').at(-1)!;
    const password = 'Clave-Nueva-Segura-9';
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/reset-password',
      payload: { token, email: user.email, password, password_confirmation: password },
      remoteAddress: ADDRESS,
    });
    expect(reset.statusCode).toBe(200);
    expect(events(from, 'password_reset')).toEqual([expect.objectContaining({ userId: user.id, address: ADDRESS })]);
  });

  it("logs a user's creation and a role change with the admin's id and both roles", async () => {
    const admin = await bearerOf('admin');
    const from = capture.lines.length;
    const email = 'nueva.persona@concejo.test';
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: admin.headers,
      remoteAddress: ADDRESS,
      payload: { name: 'Nueva', last_name: 'Persona', email, email_confirmation: email, password: 'Clave-De-Alta-77', password_confirmation: 'Clave-De-Alta-77', role: 'mesa' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ user: { id: number } }>().user.id;
    const changed = await ctx.app.inject({ method: 'PATCH', url: `/api/v1/users/${id}/role`, headers: admin.headers, remoteAddress: ADDRESS, payload: { role: 'concejal' } });
    expect(changed.statusCode).toBe(200);

    expect(events(from, 'user_created')).toEqual([expect.objectContaining({ userId: admin.user.id, targetUserId: id, role: 'mesa', address: ADDRESS })]);
    expect(events(from, 'role_changed')).toEqual([
      expect.objectContaining({ userId: admin.user.id, targetUserId: id, oldRole: 'mesa', newRole: 'concejal', address: ADDRESS }),
    ]);
  });

  it("logs every delete with the actor's id, the item's id and the address", async () => {
    const admin = await bearerOf('admin');
    const cm = await bearerOf('cm');
    const photo = { content: await sampleImage('jpeg', 800, 450), name: 'foto.jpg' };
    const as = (headers: { authorization: string }) => ({ headers, remoteAddress: ADDRESS });
    const idOf = async (response: Promise<{ statusCode: number; body: string; json: <T>() => T }>) => {
      const answer = await response;
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json<{ id: number }>().id;
    };

    const oldId = await idOf(
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/old-regulations',
        ...as(admin.headers),
        payload: multipartForm({ date: '1998-07-15', type: 'ordinance', number: 45 }, { pdf: samplePdf('Ordenanza antigua') }),
      }),
    );
    const dayOrderId = await idOf(
      ctx.app.inject({ method: 'POST', url: '/api/v1/day-orders', ...as(admin.headers), payload: { sessionType: 'ordinaria', date: '2026-03-10T19:00', acta: '12' } }),
    );
    const bannerId = await idOf(ctx.app.inject({ method: 'POST', url: '/api/v1/banners', ...as(cm.headers), payload: imageForm({ status: 1, type: 'banner' }, { image: photo }) }));
    const newsId = await idOf(
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/news',
        ...as(cm.headers),
        payload: imageForm({ status: 1, type: 'new', title: 'Sesión', description: '<p>Texto</p>' }, { image: photo }),
      }),
    );

    const from = capture.lines.length;
    for (const [url, headers] of [
      [`/api/v1/old-regulations/${oldId}`, admin.headers],
      [`/api/v1/day-orders/${dayOrderId}`, admin.headers],
      [`/api/v1/banners/${bannerId}`, cm.headers],
      [`/api/v1/news/${newsId}`, cm.headers],
    ] as const) {
      expect((await ctx.app.inject({ method: 'DELETE', url, ...as(headers) })).statusCode, url).toBe(200);
    }

    expect(events(from, 'old_regulation_deleted')).toEqual([expect.objectContaining({ userId: admin.user.id, itemId: oldId, address: ADDRESS })]);
    expect(events(from, 'day_order_deleted')).toEqual([expect.objectContaining({ userId: admin.user.id, itemId: dayOrderId, address: ADDRESS })]);
    expect(events(from, 'banner_deleted')).toEqual([expect.objectContaining({ userId: cm.user.id, itemId: bannerId, address: ADDRESS })]);
    expect(events(from, 'news_deleted')).toEqual([expect.objectContaining({ userId: cm.user.id, itemId: newsId, address: ADDRESS })]);
  });
});
