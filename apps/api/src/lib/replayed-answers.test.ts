import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createReplayedAnswers, type ReplayedRequest } from './replayed-answers.js';

/**
 * The replaying listener on a real HTTP server, in front of a stand-in for Fastify that answers every
 * request it gets with 'fastify' and counts them; what is kept is given by hand, as the public search
 * route gives it (the whole app: modules/regulations/replayed-search.test.ts).
 */
let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serving(maxEntries = 10) {
  const logged: ReplayedRequest[] = [];
  const replays = createReplayedAnswers({ maxEntries, logCompleted: (replayed) => logged.push(replayed) });
  const fallback = { requests: 0 };
  server = http.createServer(
    replays.listener((_request, response) => {
      fallback.requests += 1;
      response.writeHead(200, { 'content-type': 'text/plain' }).end('fastify');
    }),
  );
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  /** What was sent to this request, kept as the route keeps it. */
  const keep = (path: string, headers: IncomingHttpHeaders, body: string, holds: () => Promise<boolean>) =>
    replays.keep({ method: 'GET', url: path, headers } as http.IncomingMessage, { 'content-type': 'application/json; charset=utf-8', etag: 'W/"uno"', 'x-request-id': 'otro', 'content-length': 99, 'server-timing': 'cache;desc="hit"' }, Buffer.from(body), holds);
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET', body?: string) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const request = http.request({ port, host: '127.0.0.1', path, method, headers }, (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: text }));
      });
      request.on('error', reject).end(body);
    });
  return { replays, fallback, logged, keep, get };
}

describe('replayed answers', () => {
  it('send a kept answer again with its headers, a new request id and its length, and log it', async () => {
    const { fallback, logged, keep, get } = await serving();
    keep('/a?x=1', {}, '{"respuesta":1}', async () => true);
    const answer = await get('/a?x=1');
    expect(answer).toMatchObject({ status: 200, body: '{"respuesta":1}' });
    expect(answer.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', etag: 'W/"uno"', 'content-length': '15', 'server-timing': 'cache;desc="hit", replay' });
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(fallback.requests).toBe(0);
    expect(logged).toEqual([expect.objectContaining({ id: answer.headers['x-request-id'], statusCode: 200 })]);
    expect(logged[0]!.request.url).toBe('/a?x=1');
    // Another URL (even the same query written otherwise) and another Accept-Encoding are not the kept answer.
    expect((await get('/a?x=1&')).body).toBe('fastify');
    expect((await get('/a?x=1', { 'accept-encoding': 'br' })).body).toBe('fastify');
    expect(fallback.requests).toBe(2);
  });

  it('keep one answer per Accept-Encoding', async () => {
    const { keep, get } = await serving();
    keep('/a', { 'accept-encoding': 'gzip, br' }, 'comprimida', async () => true);
    keep('/a', {}, 'sin comprimir', async () => true);
    expect((await get('/a', { 'accept-encoding': 'gzip, br' })).body).toBe('comprimida');
    expect((await get('/a')).body).toBe('sin comprimir');
  });

  it('go to Fastify, and forget the answer, once it no longer holds or its check fails', async () => {
    const { replays, fallback, keep, get } = await serving();
    let holds = true;
    keep('/a', {}, 'vieja', async () => holds);
    expect((await get('/a')).body).toBe('vieja');
    holds = false;
    expect((await get('/a')).body).toBe('fastify');
    expect(replays.size).toBe(0);
    keep('/b', {}, 'b', () => Promise.reject(new Error('sin base de datos')));
    expect((await get('/b')).body).toBe('fastify');
    expect(fallback.requests).toBe(2);
  });

  it('leave to Fastify what is not a plain GET: HEAD, a conditional request, a request with a body', async () => {
    const { fallback, keep, get } = await serving();
    keep('/a', {}, 'guardada', async () => true);
    expect((await get('/a', {}, 'HEAD')).headers['server-timing']).toBeUndefined();
    expect((await get('/a', { 'if-none-match': 'W/"uno"' })).body).toBe('fastify');
    expect((await get('/a', { 'content-type': 'text/plain', 'content-length': '9' }, 'GET', 'un cuerpo')).body).toBe('fastify');
    expect((await get('/a', { 'transfer-encoding': 'chunked' }, 'GET', 'otro')).body).toBe('fastify');
    expect((await get('/a', {}, 'POST')).body).toBe('fastify');
    expect(fallback.requests).toBe(5);
    // Nor is such a request kept.
    keep('/c', { 'if-none-match': 'W/"uno"' }, 'c', async () => true);
    expect((await get('/c')).body).toBe('fastify');
  });

  it('forget every kept answer when told (a change to public content)', async () => {
    const { replays, keep, get } = await serving();
    keep('/a', {}, 'guardada', async () => true);
    replays.forget();
    expect(replays.size).toBe(0);
    expect((await get('/a')).body).toBe('fastify');
  });

  it('keep at most maxEntries answers, the oldest kept going first', async () => {
    const { replays, keep, get } = await serving(2);
    keep('/1', {}, 'uno', async () => true);
    keep('/2', {}, 'dos', async () => true);
    keep('/1', {}, 'uno otra vez', async () => true);
    keep('/3', {}, 'tres', async () => true);
    expect(replays.size).toBe(2);
    expect((await get('/2')).body).toBe('fastify');
    expect((await get('/1')).body).toBe('uno otra vez');
    expect((await get('/3')).body).toBe('tres');
  });

  it('send every request to Fastify once closing, also one whose check was under way', async () => {
    const { replays, keep, get } = await serving();
    let release: ((holds: boolean) => void) | undefined;
    keep('/a', {}, 'guardada', () => new Promise<boolean>((resolve) => (release = resolve)));
    const asked = get('/a');
    await expect.poll(() => release).toBeDefined();
    replays.close();
    release!(true);
    expect((await asked).body).toBe('fastify');
    keep('/a', {}, 'guardada', async () => true);
    expect((await get('/a')).body).toBe('fastify');
  });
});
