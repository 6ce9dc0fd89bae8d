import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { closeServer, closingStep } from './slow-steps.js';

describe('a closing step', () => {
  it('names itself in a warning while it lasts past its period, and stops once done', async () => {
    const warnings: { step: string; waitedMs: number }[] = [];
    const log = { warn: (fields: { step: string; waitedMs: number }) => void warnings.push(fields) };
    let finish: (value: string) => void = () => {};
    const step = closingStep(log as never, 'the job queue to stop', () => new Promise<string>((resolve) => (finish = resolve)), 20);
    // Two warnings while it lasts (waited for, not timed: a busy machine runs timers late).
    await expect.poll(() => warnings.length, { interval: 5 }).toBeGreaterThanOrEqual(2);
    finish('parado');
    expect(await step).toBe('parado');
    const reported = warnings.length;
    expect(warnings[0]!.step).toBe('the job queue to stop');
    // None after it is done (five periods later).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(warnings.length).toBe(reported);
  });

  it('says nothing when it is quick', async () => {
    const warnings: unknown[] = [];
    await closingStep({ warn: (fields: unknown) => void warnings.push(fields) } as never, 'nada', async () => 1, 20);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(warnings).toEqual([]);
  });
});

describe('closeServer', () => {
  it('closes a keep-alive connection whose answer ends after closing began, instead of waiting for its keep-alive time', { timeout: 20_000 }, async () => {
    const app = Fastify();
    let answering = false;
    // An answer whose headers (keep-alive) go out at once and whose body ends 300 ms later.
    app.get('/slow', (_request, reply) => {
      reply.hijack();
      answering = true;
      reply.raw.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' });
      reply.raw.write('a');
      setTimeout(() => reply.raw.end('b'), 300);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true });
    try {
      const body = new Promise<string>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/slow', agent }, (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.on('end', () => resolve(text));
          })
          .on('error', reject);
      });
      await expect.poll(() => answering, { interval: 10 }).toBe(true);
      const started = performance.now();
      await closeServer(app);
      expect(await body).toBe('ab');
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      agent.destroy();
    }
  });
});
