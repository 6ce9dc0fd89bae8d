import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Banner, ContactRecord, NewsItem } from '@concejo/contracts';
import { createDiskStorage } from '../lib/storage.js';
import { createTestApp, type TestContext } from '../test/harness.js';
import { seedDemoContent } from './demo-content.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('demo content', () => {
  it('gives a fresh home page three banners, eight news items and both contact images, all raster', async () => {
    // The demo content is dated by the real clock; the test app's clock is set to now to see it published.
    ctx.clock.advance(Date.now() - ctx.clock.now().getTime() + 60_000);
    const report = await seedDemoContent(ctx.db, createDiskStorage(ctx.uploadsDir), { town: 'Villa del Parque', councilName: 'Concejo Deliberante' });
    expect(report).toEqual({ banners: 3, news: 8 });

    const banners = (await ctx.app.inject({ url: '/api/v1/banners/published' })).json<Banner[]>();
    expect(banners).toHaveLength(3);
    expect(banners[0]!.alt).toBe('Vista de Villa del Parque al amanecer');
    expect(banners.filter((banner) => banner.caption)).toHaveLength(2);
    const news = (await ctx.app.inject({ url: '/api/v1/news/published' })).json<NewsItem[]>();
    expect(news).toHaveLength(8);
    expect(news[0]!.title).toBe('El Concejo aprobó el plan de ciclovías seguras');
    const [contact] = (await ctx.app.inject({ url: '/api/v1/contact' })).json<ContactRecord[]>();
    expect(contact!.image_left).toBeTruthy();
    expect(contact!.image_right).toBeTruthy();

    const file = await ctx.app.inject({ url: banners[0]!.images[0]!.url });
    expect(file.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(file.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 480 });
  });
});
