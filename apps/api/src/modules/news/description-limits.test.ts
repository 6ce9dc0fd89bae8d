import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES, type NewsItem } from '@concejo/contracts';
import { buildLoggedInUser } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { imageForm, sampleImage, type UploadFile } from '../../test/images.js';
import { timed } from '../../test/machine-speed.js';

let ctx: TestContext;
let cm: { authorization: string };
let photo: UploadFile;

beforeAll(async () => {
  ctx = await createTestApp();
  cm = (await buildLoggedInUser(ctx.app, ctx.db, 'cm')).headers;
  photo = { content: await sampleImage('jpeg', 800, 500), name: 'obra.jpg' };
  // The first description wakes the document worker up (its start is most of a second); the timed
  // refusal below measures the check, not that start.
  expect((await post('<p> </p>')).statusCode).toBe(422);
});
afterAll(() => ctx.close());

const valid = { status: 1, title: 'Sesión ordinaria', type: 'new' };
const post = (description: string) => ctx.app.inject({ method: 'POST', url: '/api/v1/news', headers: cm, payload: imageForm({ ...valid, description }, { image: photo }) });

describe('news descriptions no editor makes', () => {
  it('refuses far more text and formatting than may be stored with 413, before sanitising', async () => {
    // Within a second on an idle machine (sanitising it would take many), scaled by the machine's load.
    const { value: response, ms, limitMs, factor } = await timed(1_000, () => post(`<p>${'<strong>palabra</strong> '.repeat(40_000)}</p>`));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ message: CONTENT_MESSAGES.descriptionTooLong, errors: { description: [CONTENT_MESSAGES.descriptionTooLong] } });
    expect(ms, `slowdown x${factor.toFixed(1)}`).toBeLessThan(limitMs);
  });

  it('still takes several pasted photos of a few megabytes in all, stored as WebP files', async () => {
    const noise = () => sharp(randomBytes(700 * 700 * 3), { raw: { width: 700, height: 700, channels: 3 } }).png().toBuffer();
    const photos = await Promise.all([noise(), noise(), noise()]);
    const total = photos.reduce((sum, content) => sum + content.length, 0);
    expect(total).toBeGreaterThan(3_000_000);
    const description = photos.map((content, index) => `<p>Foto ${index + 1}</p><p><img src="data:image/png;base64,${content.toString('base64')}"></p>`).join('');
    const response = await post(description);
    expect(response.statusCode, response.body).toBe(201);
    const item = response.json<NewsItem>();
    const sources = [...item.description.matchAll(/src="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources).toHaveLength(3);
    for (const source of sources) {
      expect(source).toMatch(/^\/api\/v1\/files\/news\/[0-9a-f-]{36}\.webp$/);
      expect((await ctx.app.inject({ url: source })).headers['content-type']).toBe('image/webp');
    }
  });

  it('never stores a script, however the description hides it', async () => {
    const payloads = [
      `${'<span>'.repeat(31)}<script>alert(1)</script><img src=x onerror=alert(1)>${'</span>'.repeat(31)}`,
      `<p><img src="data:image/png;base64,${'A'.repeat(300_000)}" onerror="alert(1)"></p><p>texto</p>`,
      '<p>texto<img src="ftp://x" onerror="alert(1)"></p><iframe srcdoc="<script>alert(1)</script>"></iframe>',
      '<p>texto</p></p><a href="javascript:alert(1)">x</a><svg onload=alert(1)>',
    ];
    for (const payload of payloads) {
      const response = await post(payload);
      if (response.statusCode !== 201) {
        // A payload may be refused (its fake image is no image), never stored unsafe.
        expect(response.statusCode).toBe(422);
        continue;
      }
      const stored = response.json<NewsItem>().description;
      expect(stored).not.toMatch(/<script|<iframe|<svg|\son[a-z]+\s*=|javascript:/i);
    }
    const listed = (await ctx.app.inject({ url: '/api/v1/news', headers: cm })).json<NewsItem[]>();
    for (const item of listed) expect(item.description).not.toMatch(/<script|\son[a-z]+\s*=|javascript:/i);
  });
});
