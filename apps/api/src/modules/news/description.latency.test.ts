import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES, MAX_NEWS_DESCRIPTION_INPUT } from '@concejo/contracts';
import { buildLoggedInUser } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { sampleImage, type UploadFile } from '../../test/images.js';
import { slowdownNow } from '../../test/machine-speed.js';
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

/**
 * POSTs the news form from a worker thread: building and sending a 12 MB form is the client's work,
 * and in this thread (which also runs the server and the probe) it would be counted as the server's.
 * Answers the status, the JSON body and the time from sending to the answer.
 */
function postFromThread(url: string, headers: Record<string, string>, fields: Record<string, string | number>, image: UploadFile) {
  const worker = new Worker(
    `const { parentPort, workerData: { url, headers, fields, image } } = require('node:worker_threads');
    const http = require('node:http');
    (async () => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
      form.append('image', new Blob([image.content], { type: 'image/jpeg' }), image.name);
      const encoded = new Response(form);
      const body = Buffer.from(await encoded.arrayBuffer());
      const started = performance.now();
      // node:http, not fetch: a server may answer 413 and close before the whole body is sent, and
      // fetch then reports the cut write instead of the answer.
      const request = http.request(url, { method: 'POST', headers: { ...headers, 'content-type': encoded.headers.get('content-type'), 'content-length': body.length } }, (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => parentPort.postMessage({ status: response.statusCode, body: JSON.parse(text), ms: performance.now() - started }));
      });
      request.on('error', () => undefined);
      request.end(body);
    })().catch((error) => parentPort.postMessage({ error: String(error) }));`,
    { eval: true, workerData: { url, headers, fields, image: { content: new Uint8Array(image.content), name: image.name ?? 'obra.jpg' } } },
  );
  return new Promise<{ status: number; body: { message: string; errors?: Record<string, string[]> }; ms: number }>((resolve, reject) => {
    worker.once('message', (answer: { error?: string; status: number; body: { message: string }; ms: number }) => {
      void worker.terminate();
      if (answer.error) reject(new Error(answer.error));
      else resolve(answer);
    });
    worker.once('error', reject);
  });
}

/**
 * Posts a news form with `description` while /healthz is asked again and again (5 ms apart), and
 * answers the post's answer, the slowest /healthz answer and the machine's slowdown around it all.
 */
async function postWhileProbing(description: string) {
  const before = slowdownNow();
  let settled = false;
  const saving = postFromThread(`${base}/api/v1/news`, cm, { ...valid, description }, photo);
  void saving.finally(() => (settled = true));
  const latencies: number[] = [];
  do {
    const asked = performance.now();
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    latencies.push(performance.now() - asked);
    await new Promise((resolve) => setTimeout(resolve, 5));
  } while (!settled);
  const answer = await saving;
  return { answer, slowestHealthz: Math.max(...latencies), factor: Math.max(before, slowdownNow()) };
}

describe('news descriptions are read without holding the server', () => {
  it('answers a 12 MB description of nested spans with a Spanish 422 within a second, while /healthz keeps answering', async () => {
    const opening = '<p>';
    const deep = opening + '<span>'.repeat(Math.floor((MAX_NEWS_DESCRIPTION_INPUT - opening.length) / 6));
    expect(deep.length).toBeGreaterThan(12_000_000);
    // The reference: the same form with flat text as long, refused as too long (413) once it has been
    // read, checked and scanned. Refusing the nesting must cost no more than that.
    const reference = await postWhileProbing(opening + 'x'.repeat(deep.length - opening.length));
    expect(reference.answer.status).toBe(413);
    const { answer, slowestHealthz, factor } = await postWhileProbing(deep);

    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ description: [CONTENT_MESSAGES.descriptionTooDeep] });
    // Within a second and half a second on an idle machine; on a loaded one, scaled by its slowdown
    // (test/machine-speed.ts), and the answer within half as long again as the flat reference's.
    // Before: the sanitiser held the server for over five minutes.
    const context = `slowdown x${factor.toFixed(1)}, reference ${reference.answer.ms.toFixed(0)} ms`;
    expect(answer.ms, context).toBeLessThan(Math.max(1_000 * factor, 1.5 * reference.answer.ms));
    expect(slowestHealthz, context).toBeLessThan(500 * factor);
  });

  it('reads a 12 MB description in the document worker: /healthz answers within 100 ms meanwhile (idle machine)', { timeout: 60_000 }, async () => {
    // Flat markup far past what may be stored (413), and a text whose photos make up the 12 MB.
    const flat = '<p>Texto de la <strong>noticia</strong>.</p>'.repeat(300_000);
    const photoData = (await sharp(randomBytes(500 * 500 * 3), { raw: { width: 500, height: 500, channels: 3 } }).png().toBuffer()).toString('base64');
    const photos = Array.from({ length: 12 }, (_, index) => `<p>Foto ${index}</p><p><img src="data:image/png;base64,${photoData}"></p>`).join('');
    expect(photos.length).toBeGreaterThan(9_000_000);
    for (const [description, status] of [
      [flat, 413],
      [photos, 201],
    ] as const) {
      const { answer, slowestHealthz, factor } = await postWhileProbing(description);
      expect(answer.status).toBe(status);
      // 100 ms on an idle machine, scaled by the machine's slowdown when it is loaded.
      expect(slowestHealthz, `slowdown x${factor.toFixed(1)}`).toBeLessThan(100 * factor);
    }
  });
});
