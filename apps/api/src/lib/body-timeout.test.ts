import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@concejo/contracts';
import { errorsPlugin } from '../plugins/errors.js';
import { slowdownNow } from '../test/machine-speed.js';
import { rawRequest } from '../test/raw-upload.js';
import { watchBodies } from './body-timeout.js';

/**
 * The time limit of request bodies (lib/body-timeout.ts) on an app of its own with short limits: a
 * second and a half without a byte, 1,000 bytes a second on average. The whole app's uploads are in
 * slow-clients.process.test.ts.
 */

const IDLE_MS = 1_500;
const MIN_RATE = 1_000;
let app: FastifyInstance;
let base: string;
let watcher: ReturnType<typeof watchBodies>;
/** Set by the route whose handler waits before it reads its body. */
let readingStarted = false;

beforeAll(async () => {
  app = Fastify();
  await app.register(errorsPlugin);
  watcher = watchBodies(app.server, { idleMs: IDLE_MS, minBytesPerSecond: MIN_RATE }, app.log);
  app.post('/json', async (request) => ({ got: JSON.stringify(request.body).length }));
  // A body Fastify leaves to the handler (as multipart routes do).
  app.addContentTypeParser('application/octet-stream', (_request, _payload, done) => done(null));
  app.post('/never-read', () => new Promise(() => {}));
  // Refused before its body is read, as an upload without a token is.
  app.post('/refused', { onRequest: (_request, reply, _done) => void reply.code(401).send({ message: 'No autenticado.' }) }, async () => ({}));
  app.post('/read-late', async (request) => {
    await sleep(3 * IDLE_MS);
    readingStarted = true;
    let size = 0;
    for await (const chunk of request.raw) size += (chunk as Buffer).length;
    return { size };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

const json = (body: Buffer, path = '/json') => rawRequest({ base, path, headers: { 'content-type': 'application/json' }, body });
const bytes = (path: string, body: Buffer) => rawRequest({ base, path, headers: { 'content-type': 'application/octet-stream' }, body });
/** A JSON body of `size` bytes. */
const jsonOf = (size: number) => Buffer.from(JSON.stringify({ text: 'a'.repeat(size - 11) }));

/** How long after `since` the connection closed, and the limit for it on this machine now. */
async function closedWithin(closed: Promise<void>, since: number, idleLimitMs: number) {
  const before = slowdownNow();
  await Promise.race([closed, sleep(30_000)]);
  return { ms: performance.now() - since, limitMs: idleLimitMs * Math.max(before, slowdownNow()) };
}

describe('a request body', () => {
  it('that stops is answered 408 in Spanish by whatever reads it, and its connection closed', async () => {
    const request = await json(jsonOf(10_000));
    await request.send(5_000);
    const stopped = performance.now();
    const answer = await request.answer;
    const { ms, limitMs } = await closedWithin(request.closed, stopped, IDLE_MS + 2_000);
    expect(answer.status).toBe(408);
    expect(answer.body.message).toBe(MESSAGES.bodyTimeout);
    expect(answer.headers.connection).toBe('close');
    expect(ms).toBeGreaterThanOrEqual(IDLE_MS - 20);
    expect(ms).toBeLessThan(limitMs);
    expect(watcher.watching).toBe(0);
  });

  it('that trickles slower than the minimum rate is cut though it never stops for the idle limit', async () => {
    const request = await json(jsonOf(10_000));
    const started = performance.now();
    // 50 bytes every 200 ms: 250 bytes a second, a quarter of the minimum.
    for (let sent = 50; !request.socket.destroyed && sent < 10_000; sent += 50) {
      await request.send(sent);
      await Promise.race([request.closed, sleep(200)]);
    }
    const answer = await request.answer;
    expect(answer.status).toBe(408);
    // Allowed: the idle limit, plus a second per 1,000 bytes received (a few hundred by then).
    expect(performance.now() - started).toBeGreaterThanOrEqual(IDLE_MS);
  });

  it('that arrives slowly but steadily, with pauses under the idle limit, is read whole though it takes several times that limit', async () => {
    const body = jsonOf(20_000);
    const request = await json(body);
    const started = performance.now();
    // 1,000 bytes every 200 ms (5,000 a second), with a pause of 500 ms halfway.
    for (let sent = 1_000; sent <= body.length; sent += 1_000) {
      await request.send(sent);
      if (sent < body.length) await sleep(sent === 10_000 ? 500 : 200);
    }
    const answer = await request.answer;
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(performance.now() - started).toBeGreaterThan(2.5 * IDLE_MS);
    request.abort();
  });

  it('that nobody reads yet is answered 408 by the watcher itself', async () => {
    const request = await bytes('/never-read', Buffer.alloc(10_000));
    await request.send(100);
    const answer = await request.answer;
    await Promise.race([request.closed, sleep(30_000)]);
    expect(answer.status).toBe(408);
    expect(answer.body.message).toBe(MESSAGES.bodyTimeout);
    expect(answer.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(request.socket.destroyed).toBe(true);
  });

  it('whose answer has gone (refused unread) just loses its connection when it stops', async () => {
    const request = await json(jsonOf(10_000), '/refused');
    await request.send(100);
    expect((await request.answer).status).toBe(401);
    const stopped = performance.now();
    const { ms, limitMs } = await closedWithin(request.closed, stopped, IDLE_MS + 2_000);
    expect(ms).toBeLessThan(limitMs);
  });

  it('that the server is slow to read is not cut: its bytes waiting to be read are not the client stopping', async () => {
    readingStarted = false;
    const body = Buffer.alloc(200_000, 0x61);
    const request = await bytes('/read-late', body);
    // More than the request's buffer takes: the socket stops reading until the handler reads.
    await Promise.race([request.send(100_000), sleep(2 * IDLE_MS)]);
    await expect.poll(() => readingStarted, { timeout: 30_000, interval: 20 }).toBe(true);
    await request.send();
    const answer = await request.answer;
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ size: body.length });
    request.abort();
  });
});
