import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Banner, ContactRecord, NewsItem } from '@concejo/contracts';
import { demoContact } from '../config.js';
import { createDiskStorage } from '../lib/storage.js';
import { createTestApp, type TestContext } from '../test/harness.js';
import { demoContactCards, seedDemoContent } from './demo-content.js';
import { PALETTES, sceneSvg } from './demo-scenes.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('demo content', () => {
  // Renders and re-encodes eleven pictures (3 s on an idle machine): the suite's default 20 s is too little when
  // both cores are shared with the rest of the suite, as a clean CI run under load showed.
  it('gives a fresh home page three banners, eight news items and both contact images, all raster', { timeout: 60_000 }, async () => {
    // The demo content is dated by the real clock; the test app's clock is set to now to see it published.
    ctx.clock.advance(Date.now() - ctx.clock.now().getTime() + 60_000);
    const contact = demoContact('Villa del Parque');
    const report = await seedDemoContent(ctx.db, createDiskStorage(ctx.uploadsDir), { town: 'Villa del Parque', councilName: 'Concejo Deliberante', contact });
    expect(report).toEqual({ banners: 3, news: 8 });

    const banners = (await ctx.app.inject({ url: '/api/v1/banners/published' })).json<Banner[]>();
    expect(banners).toHaveLength(3);
    expect(banners[0]!.alt).toBe('Vista de Villa del Parque al amanecer');
    expect(banners.filter((banner) => banner.caption)).toHaveLength(2);
    const news = (await ctx.app.inject({ url: '/api/v1/news/published' })).json<NewsItem[]>();
    expect(news).toHaveLength(8);
    expect(news[0]!.title).toBe('El Concejo aprobó el plan de ciclovías seguras');
    const [images] = (await ctx.app.inject({ url: '/api/v1/contact' })).json<ContactRecord[]>();
    expect(images!.image_left).toBeTruthy();
    expect(images!.image_right).toBeTruthy();
    // Each picture shows the council's details, and its text says them.
    expect(images!.image_left_alt).toBe('Mesa de Entradas. Dirección: Av. San Martín 450, Villa del Parque. Horario de atención: Lunes a viernes de 8 a 14 h.');
    expect(images!.image_right_alt).toBe('Teléfono y correo. Teléfono: (011) 4586-1200. Correo electrónico: mesadeentradas@concejo.example.');

    const file = await ctx.app.inject({ url: banners[0]!.images[0]!.url });
    expect(file.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(file.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 480 });
  });

  it("draws what a contact image's text says, and leaves out a detail that is not set", () => {
    const cards = demoContactCards({ ...demoContact('San Pedro'), phone: null });
    expect(cards.left).toEqual({
      title: 'Mesa de Entradas',
      lines: ['Av. San Martín 450, San Pedro', 'Lunes a viernes de 8 a 14 h'],
      alt: 'Mesa de Entradas. Dirección: Av. San Martín 450, San Pedro. Horario de atención: Lunes a viernes de 8 a 14 h.',
    });
    expect(cards.right).toEqual({ title: 'Teléfono y correo', lines: ['mesadeentradas@concejo.example'], alt: 'Teléfono y correo. Correo electrónico: mesadeentradas@concejo.example.' });
    const svg = sceneSvg(1000, 750, PALETTES.noon!, { title: cards.left.title, subtitle: cards.left.lines });
    for (const line of ['Mesa de Entradas', 'Av. San Martín 450, San Pedro', 'Lunes a viernes de 8 a 14 h']) expect(svg).toContain(`>${line}</text>`);
  });
});
