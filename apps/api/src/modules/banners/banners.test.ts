import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES, MAX_IMAGE_BYTES, MESSAGES, ROLES, type Banner, type Role } from '@concejo/contracts';
import { buildBanner, buildLoggedInUser } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { imageForm, phpAsPng, sampleImage, svgImage, truncatedJpeg, type UploadFile } from '../../test/images.js';

let ctx: TestContext;
const as = {} as Record<Role, { authorization: string }>;
let photo: UploadFile;

beforeAll(async () => {
  // The publication-window tests move the clock hours ahead: the sessions opened here must not idle out.
  ctx = await createTestApp({ sessionIdleMs: 24 * 3600_000 });
  for (const role of ROLES) as[role] = (await buildLoggedInUser(ctx.app, ctx.db, role)).headers;
  photo = { content: await sampleImage('jpeg', 1280, 720), name: 'plaza.jpg' };
});
afterAll(() => ctx.close());

const post = (url: string, fields: Record<string, string | number | undefined>, files: Record<string, UploadFile | undefined> = {}, headers = as.cm) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload: imageForm(fields, files) });

const createBanner = (fields: Record<string, string | number | undefined> = {}) => buildBanner<Banner>(ctx.app, as.cm, fields, { image: photo });

const published = async () => (await ctx.app.inject({ url: '/api/v1/banners/published' })).json<Banner[]>().map((banner) => banner.id);
const storedPath = (url: string) => path.join(ctx.uploadsDir, url.replace('/api/v1/files/', ''));
const exists = (file: string) => fs.access(file).then(() => true, () => false);

describe('banners: who may manage them', () => {
  it('refuses every role but cm (403) and no token (401) on every management route', async () => {
    const banner = await createBanner();
    const routes = [
      { method: 'GET', url: '/api/v1/banners' },
      { method: 'POST', url: '/api/v1/banners' },
      { method: 'POST', url: `/api/v1/banners/${banner.id}` },
      { method: 'DELETE', url: `/api/v1/banners/${banner.id}` },
    ] as const;
    for (const route of routes) {
      const anonymous = await ctx.app.inject({ ...route, payload: route.method === 'POST' ? imageForm({ status: 1 }, { image: photo }) : undefined });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(anonymous.json().message).toBe(MESSAGES.unauthenticated);
      for (const role of ROLES.filter((role) => role !== 'cm')) {
        const response = await ctx.app.inject({ ...route, headers: as[role], payload: route.method === 'POST' ? imageForm({ status: 1 }, { image: photo }) : undefined });
        expect(response.statusCode, `${role} ${route.method} ${route.url}`).toBe(403);
        expect(response.json().message).toBe(MESSAGES.forbidden);
      }
    }
    expect((await ctx.app.inject({ url: '/api/v1/banners', headers: as.cm })).json<Banner[]>().map((item) => item.id)).toContain(banner.id);
  });
});

describe('POST /banners', () => {
  it('stores the image re-encoded with WebP variants served publicly, and answers the banner', async () => {
    const banner = await createBanner({ alt: ' Plaza principal ', caption: 'true', title: 'Fiesta', description: 'Del pueblo' });
    expect(banner).toMatchObject({ status: 1, type: 'banner', alt: 'Plaza principal', caption: true, title: 'Fiesta', description: 'Del pueblo', image_width: 1280, image_height: 720 });
    expect(banner.image).toMatch(/^\/api\/v1\/files\/banners\/[0-9a-f-]{36}\.jpg$/);
    expect(banner.images.map((image) => image.width)).toEqual([480, 960, 1280]);
    const variant = await ctx.app.inject({ url: banner.images[0]!.url });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/webp');
    expect(variant.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const full = await ctx.app.inject({ url: banner.image! });
    expect(full.headers['content-type']).toBe('image/jpeg');
  });

  it('needs an image, with the message of spec 5', async () => {
    const response = await post('/banners', { status: 1 });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: CONTENT_MESSAGES.bannerImageRequired, errors: { image: [CONTENT_MESSAGES.bannerImageRequired] } });
  });

  it('checks the image by its content: SVG, a script named .png and a truncated JPEG are refused', async () => {
    const cases: [UploadFile, string][] = [
      [{ content: svgImage, name: 'logo.svg', type: 'image/svg+xml' }, CONTENT_MESSAGES.imageType],
      [{ content: phpAsPng, name: 'shell.png', type: 'image/png' }, CONTENT_MESSAGES.imageType],
      [{ content: await truncatedJpeg(), name: 'cortada.jpg' }, CONTENT_MESSAGES.imageDamaged],
    ];
    for (const [file, message] of cases) {
      const response = await post('/banners', { status: 1 }, { image: file });
      expect(response.statusCode, file.name).toBe(422);
      expect(response.json().errors).toEqual({ image: [message] });
    }
    const files = await fs.readdir(path.join(ctx.uploadsDir, 'banners')).catch(() => []);
    const known = (await ctx.app.inject({ url: '/api/v1/banners', headers: as.cm })).json<Banner[]>();
    // Nothing stored for the refused uploads: every file on disk belongs to a banner.
    const referenced = new Set(known.flatMap((banner) => [banner.image, ...banner.images.map((image) => image.url)]).map((url) => path.basename(url!)));
    expect(files.filter((file) => !referenced.has(file))).toEqual([]);
  });

  it('refuses a file over the size limit with 413', async () => {
    const large = { content: Buffer.concat([photo.content, Buffer.alloc(MAX_IMAGE_BYTES)]), name: 'enorme.jpg' };
    const response = await post('/banners', { status: 1 }, { image: large });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(CONTENT_MESSAGES.imageTooLarge);
  });

  it('refuses bad fields with Spanish messages', async () => {
    const response = await post('/banners', { status: 7, publication_date: 'mañana', caption: 'quizás' }, { image: photo });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      status: ['El estado no es válido.'],
      publication_date: [CONTENT_MESSAGES.dateInvalid],
      caption: ['El valor debe ser verdadero o falso.'],
    });
    const window = await post('/banners', { status: 1, publication_date: '2026-03-10T10:00', unpublication_date: '2026-03-09T10:00' }, { image: photo });
    expect(window.json().errors).toEqual({ unpublication_date: [CONTENT_MESSAGES.windowOrder] });
    const long = await post('/banners', { status: 1, alt: 'x'.repeat(256) }, { image: photo });
    expect(long.json().errors.alt).toEqual(['El texto alternativo puede tener hasta 255 caracteres.']);
  });
});

describe('GET /banners/published', () => {
  it('shows active banners inside their window, for anyone, with an ETag', async () => {
    const now = ctx.clock.now().getTime();
    const iso = (offsetHours: number) => new Date(now + offsetHours * 3600_000).toISOString();
    const active = await createBanner();
    const inactive = await createBanner({ status: 0 });
    const future = await createBanner({ publication_date: iso(2) });
    const ended = await createBanner({ publication_date: iso(-5), unpublication_date: iso(-1) });
    const closing = await createBanner({ unpublication_date: iso(1) });
    // A wall-clock time is the council's (America/Argentina/Buenos_Aires, UTC-3): 08:00 there is 11:00Z.
    const local = await createBanner({ publication_date: '2026-03-02T08:00' });
    expect(local.publication_date).toBe('2026-03-02T11:00:00.000Z');

    let ids = await published();
    expect(ids).toEqual(expect.arrayContaining([active.id, closing.id, local.id]));
    expect(ids).not.toContain(inactive.id);
    expect(ids).not.toContain(future.id);
    expect(ids).not.toContain(ended.id);

    ctx.clock.advance(3 * 3600_000);
    ids = await published();
    expect(ids).toContain(future.id);
    expect(ids).not.toContain(closing.id);

    const first = await ctx.app.inject({ url: '/api/v1/banners/published' });
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await ctx.app.inject({ url: '/api/v1/banners/published', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });
});

describe('POST /banners/:id and DELETE /banners/:id', () => {
  it('changes only the fields sent; a new image replaces the old files', async () => {
    const banner = await createBanner({ title: 'Antes', alt: 'Alt' });
    const oldFiles = [banner.image!, ...banner.images.map((image) => image.url)].map(storedPath);
    for (const file of oldFiles) expect(await exists(file)).toBe(true);

    const edited = await post(`/banners/${banner.id}`, { status: 0, title: 'Después' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ status: 0, title: 'Después', alt: 'Alt', image: banner.image });

    const replaced = await post(`/banners/${banner.id}`, { publication_date: '2026-04-01T00:00', unpublication_date: '' }, { image: { content: await sampleImage('png', 640, 360), name: 'nueva.png', type: 'image/png' } });
    expect(replaced.statusCode).toBe(200);
    const body = replaced.json<Banner>();
    expect(body.image).not.toBe(banner.image);
    expect(body.publication_date).toBe('2026-04-01T03:00:00.000Z');
    expect(body.unpublication_date).toBeNull();
    for (const file of oldFiles) expect(await exists(file)).toBe(false);
  });

  it('keeps the window in order across edits and answers 404 for an unknown banner', async () => {
    const banner = await createBanner({ publication_date: '2026-05-01T00:00' });
    const response = await post(`/banners/${banner.id}`, { unpublication_date: '2026-04-01T00:00' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ unpublication_date: [CONTENT_MESSAGES.windowOrder] });
    const missing = await post('/banners/999999', { status: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(CONTENT_MESSAGES.bannerNotFound);
    const refused = await post(`/banners/${banner.id}`, {}, { image: { content: svgImage, name: 'x.png', type: 'image/png' } });
    expect(refused.statusCode).toBe(422);
  });

  it('deletes the banner with its files', async () => {
    const banner = await createBanner();
    const files = [banner.image!, ...banner.images.map((image) => image.url)].map(storedPath);
    const response = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/banners/${banner.id}`, headers: as.cm });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: CONTENT_MESSAGES.bannerDeleted });
    for (const file of files) expect(await exists(file)).toBe(false);
    expect(await published()).not.toContain(banner.id);
    const again = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/banners/${banner.id}`, headers: as.cm });
    expect(again.statusCode).toBe(404);
    const bad = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/banners/abc', headers: as.cm });
    expect(bad.statusCode).toBe(422);
  });
});
