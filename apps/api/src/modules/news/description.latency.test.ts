import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES, MAX_NEWS_DESCRIPTION_INPUT } from '@concejo/contracts';
import { buildLoggedInUser } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { imageForm, sampleImage, type UploadFile } from '../../test/images.js';
import { favourThisProcess } from '../../test/priority.js';

// A latency test: it runs alone, after the rest of the suite (vitest.latency.config.ts).

let ctx: TestContext;
let cm: { authorization: string };
let photo: UploadFile;
let base: string;

beforeAll(async () => {
  ctx = await createTestApp();
  cm = (await buildLoggedInUser(ctx.app, ctx.db, 'cm')).headers;
  photo = { content: await sampleImage('jpeg', 800, 500), name: 'obra.jpg' };
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  // As on a running server, whose uploads worker starts with it.
  await ctx.app.documents.warm();
  favourThisProcess();
});
afterAll(() => ctx.close());

const valid = { status: 1, title: 'Sesión ordinaria', type: 'new' };

describe('news descriptions are read without holding the server', () => {
  it('answers a 12 MB description of nested spans with a Spanish 422 within a second, while /healthz keeps answering', async () => {
    const opening = '<p>';
    const deep = opening + '<span>'.repeat(Math.floor((MAX_NEWS_DESCRIPTION_INPUT - opening.length) / 6));
    expect(deep.length).toBeGreaterThan(12_000_000);
    const form = imageForm({ ...valid, description: deep }, { image: photo });

    const started = performance.now();
    let settled = false;
    const saving = fetch(`${base}/api/v1/news`, { method: 'POST', headers: cm, body: form }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as { message: string; errors?: Record<string, string[]> },
      ms: performance.now() - started,
    }));
    void saving.finally(() => (settled = true));
    const latencies: number[] = [];
    do {
      const asked = performance.now();
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      latencies.push(performance.now() - asked);
    } while (!settled);
    const answer = await saving;

    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ description: [CONTENT_MESSAGES.descriptionTooDeep] });
    expect(answer.ms).toBeLessThan(1_000);
    // Before: the sanitiser held the server for over five minutes.
    expect(Math.max(...latencies)).toBeLessThan(500);
  });

  it('reads a 12 MB description in the document worker: /healthz answers within 100 ms meanwhile', { timeout: 60_000 }, async () => {
    // Flat markup far past what may be stored (413), and a text whose photos make up the 12 MB.
    const flat = '<p>Texto de la <strong>noticia</strong>.</p>'.repeat(300_000);
    const photoData = (await sharp(randomBytes(500 * 500 * 3), { raw: { width: 500, height: 500, channels: 3 } }).png().toBuffer()).toString('base64');
    const photos = Array.from({ length: 12 }, (_, index) => `<p>Foto ${index}</p><p><img src="data:image/png;base64,${photoData}"></p>`).join('');
    expect(photos.length).toBeGreaterThan(9_000_000);
    for (const [description, status] of [
      [flat, 413],
      [photos, 201],
    ] as const) {
      const form = imageForm({ ...valid, description }, { image: photo });
      let settled = false;
      const saving = fetch(`${base}/api/v1/news`, { method: 'POST', headers: cm, body: form }).then((response) => response.status);
      void saving.finally(() => (settled = true));
      const latencies: number[] = [];
      do {
        const asked = performance.now();
        expect((await fetch(`${base}/healthz`)).status).toBe(200);
        latencies.push(performance.now() - asked);
        await new Promise((resolve) => setTimeout(resolve, 5));
      } while (!settled);
      expect(await saving).toBe(status);
      expect(Math.max(...latencies)).toBeLessThan(100);
    }
  });

});
