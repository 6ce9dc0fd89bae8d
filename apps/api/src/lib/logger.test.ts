import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser, login } from '../test/factories.js';
import { capturingLogger, createTestApp, type TestContext } from '../test/harness.js';
import { readOutbox } from '../test/mail.js';
import { multipartForm, samplePdf } from '../test/multipart.js';
import pino from 'pino';
import { REDACTED, redactUrl, requestLogger } from './logger.js';

describe('redactUrl', () => {
  it.each([
    ['/api/v1/email/verify/12/3f2a9c?expires=1790000000&signature=abc_DEF-1', `/api/v1/email/verify/12/${REDACTED}?expires=1790000000&signature=${REDACTED}`],
    ['/password-reset/tok3n-Value?email=ana%40concejo.test', `/password-reset/${REDACTED}?email=ana%40concejo.test`],
    ['/api/v1/files/regulations-process/a.pdf?expires=1&signature=s1g', `/api/v1/files/regulations-process/a.pdf?expires=1&signature=${REDACTED}`],
    ['/api/v1/reset?token=t0k&token=t1k&page=2', `/api/v1/reset?token=${REDACTED}&token=${REDACTED}&page=2`],
    ['/x?hash=h4sh', `/x?hash=${REDACTED}`],
    // Variants of the same URLs a client could send to slip the secret past a naive match.
    ['//Password-Reset//tok3n', `//Password-Reset//${REDACTED}`],
    ['/api/v1/email//verify/12//3f2a9c', `/api/v1/email//verify/12//${REDACTED}`],
    ['/f.pdf?%73ignature=s1g&SIGNATURE=s2g&Token=t', `/f.pdf?%73ignature=${REDACTED}&SIGNATURE=${REDACTED}&Token=${REDACTED}`],
    ['/f.pdf?signature', `/f.pdf?signature=${REDACTED}`],
    ['/f.pdf?%E0%A4%A=1&signature=s', `/f.pdf?%E0%A4%A=1&signature=${REDACTED}`],
    ['/api/v1/subscriptions/confirm/t0k3n', `/api/v1/subscriptions/confirm/${REDACTED}`],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('leaves URLs without secrets as they are', () => {
    for (const url of ['/api/v1/regulations/published?page=2&search=agua', '/healthz', '/api/v1/files/agendas/x.pdf', '/normativas/ordenanza/2880']) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});

describe("a request's logger", () => {
  const written: Record<string, unknown>[] = [];
  const parent = pino({ level: 'warn' }, { write: (line: string) => void written.push(JSON.parse(line) as Record<string, unknown>) });

  it('is made only when the request logs at an enabled level, and then carries the request id', () => {
    const child = vi.spyOn(parent, 'child');
    const log = requestLogger(parent, { reqId: 'r-1' }, {});
    log.info('not written at warn');
    log.debug({ detail: 1 }, 'nor this');
    expect(child).not.toHaveBeenCalled();
    expect(log.level).toBe('warn');
    log.warn({ detail: 2 }, 'a warning');
    log.error('an error');
    expect(child).toHaveBeenCalledTimes(1);
    log.child({ step: 'save' }).warn('from a child');
    expect(written.map(({ reqId, msg, detail, step }) => ({ reqId, msg, detail, step }))).toEqual([
      { reqId: 'r-1', msg: 'a warning', detail: 2, step: undefined },
      { reqId: 'r-1', msg: 'an error', detail: undefined, step: undefined },
      { reqId: 'r-1', msg: 'from a child', detail: undefined, step: 'save' },
    ]);
    child.mockRestore();
  });
});

describe('the log', () => {
  let ctx: TestContext;
  let outbox: string;
  const capture = capturingLogger();

  beforeAll(async () => {
    outbox = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-log-outbox-'));
    ctx = await createTestApp({ publicUrl: 'https://concejo.example.org', mail: { smtpUrl: undefined, from: 'x@concejo.test', outboxDir: outbox } }, { logger: capture.logger });
  });
  afterAll(async () => {
    await ctx.close();
    await fs.rm(outbox, { recursive: true, force: true });
  });

  const newestLink = async (fragment: string) => {
    const mail = (await readOutbox(outbox)).at(-1)!;
    return new URL(mail.links.find((link) => link.includes(fragment))!);
  };

  it('writes one line per answered request: method, URL without its secrets, status, time and request id', async () => {
    const response = await ctx.app.inject({ url: '/api/v1/regulations/published?page=2&signature=s3cret-value' });
    expect(response.statusCode).toBe(200);
    const lines = capture.entries().filter((entry) => entry.reqId === response.headers['x-request-id']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: `/api/v1/regulations/published?page=2&signature=${REDACTED}` },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(capture.entries().filter((entry) => entry.msg === 'incoming request')).toEqual([]);
  });

  it('never holds a token, a signature, a reset or verification secret nor an Authorization value', async () => {
    const user = await buildUser(ctx.db, { role: 'asesor' });
    const secrets: string[] = [];

    // A logged-in request.
    const first = await login(ctx.app, user);
    secrets.push(first);
    expect((await ctx.app.inject({ url: '/api/v1/user', headers: { authorization: `Bearer ${first}`, cookie: 'session=c00kie-secret' } })).statusCode).toBe(200);
    secrets.push('c00kie-secret');

    // Forgot password, the reset page of the link, the reset.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email: user.email } })).statusCode).toBe(200);
    await ctx.app.jobs.idle();
    const resetLink = await newestLink('/password-reset/');
    const resetToken = resetLink.pathname.split('/').at(-1)!;
    secrets.push(resetToken);
    await ctx.app.inject({ url: `${resetLink.pathname}${resetLink.search}` });
    const password = 'Otra-Clave-Segura-2026';
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/reset-password',
      payload: { token: resetToken, email: user.email, password, password_confirmation: password },
    });
    expect(reset.statusCode).toBe(200);

    // A verification e-mail and its link.
    const second = await login(ctx.app, { email: user.email, password });
    secrets.push(second);
    const headers = { authorization: `Bearer ${second}` };
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/email/verification-notification', headers })).statusCode).toBe(200);
    await ctx.app.jobs.idle();
    const verifyLink = await newestLink('/email/verify/');
    secrets.push(verifyLink.pathname.split('/').at(-1)!, verifyLink.searchParams.get('signature')!);
    const verified = await ctx.app.inject({ url: `${verifyLink.pathname}${verifyLink.search}` });
    expect(verified.headers.location).toBe('https://concejo.example.org/verified/success');

    // A process PDF through its signed link.
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/regulations',
      headers,
      payload: multipartForm({ type: 'ordinance', subject: 'Proyecto privado', authors: ['Ana Paz'] }, { pdf_process: samplePdf() }),
    });
    expect(created.statusCode).toBe(201);
    const pdfUrl = new URL(created.json<{ pdf_process: string }>().pdf_process, 'http://localhost');
    secrets.push(pdfUrl.searchParams.get('signature')!);
    expect((await ctx.app.inject({ url: `${pdfUrl.pathname}${pdfUrl.search}` })).statusCode).toBe(200);

    const lines = capture.lines;
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(lines.filter((line) => line.includes(secret)), secret).toEqual([]);
    }
    expect(lines.filter((line) => /bearer/i.test(line))).toEqual([]);

    // The requests were logged, with their secrets replaced.
    const urls = capture.entries().map((entry) => (entry.req as { url?: string } | undefined)?.url).filter(Boolean);
    expect(urls).toContain(`/password-reset/${REDACTED}${resetLink.search}`);
    expect(urls).toContainEqual(expect.stringMatching(new RegExp(`^/api/v1/email/verify/${user.id}/\\[oculto\\]\\?expires=\\d+&signature=\\[oculto\\]$`)));
    expect(urls).toContainEqual(expect.stringMatching(/^\/api\/v1\/files\/regulations-process\/[0-9a-f-]{36}\.pdf\?expires=\d+&signature=\[oculto\]$/));
    // The outbox is named by its file, which the operator can open.
    const written = capture.entries().filter((entry) => typeof entry.file === 'string');
    expect(written).toHaveLength(2);
    expect(written.every((entry) => (entry.file as string).startsWith(outbox))).toBe(true);
  });

  it('redacts credentials some code might pass as fields', () => {
    const before = capture.lines.length;
    ctx.app.log.info({ token: 'field-t0ken-value', link: 'https://x/password-reset/abc', headers: { authorization: 'Bearer zzz' }, nested: { password: 'p4ssw0rd' } }, 'careless');
    const written = capture.lines.slice(before).join('\n');
    for (const secret of ['field-t0ken-value', 'password-reset/abc', 'Bearer zzz', 'p4ssw0rd']) expect(written).not.toContain(secret);
    expect(written).toContain(REDACTED);
  });
});
