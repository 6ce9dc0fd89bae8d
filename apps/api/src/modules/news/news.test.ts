import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES, MAX_NEWS_DESCRIPTION_INPUT, MESSAGES, ROLES, type NewsItem, type Role } from '@concejo/contracts';
import { buildLoggedInUser, buildNews } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { imageForm, phpAsPng, sampleImage, svgImage, truncatedJpeg, type UploadFile } from '../../test/images.js';

let ctx: TestContext;
const as = {} as Record<Role, { authorization: string }>;
let photo: UploadFile;

beforeAll(async () => {
  // The publication-window tests move the clock hours ahead: the sessions opened here must not idle out.
  ctx = await createTestApp({ sessionIdleMs: 24 * 3600_000 });
  for (const role of ROLES) as[role] = (await buildLoggedInUser(ctx.app, ctx.db, role)).headers;
  photo = { content: await sampleImage('jpeg', 1000, 600), name: 'obra.jpg' };
});
afterAll(() => ctx.close());

type Fields = Record<string, string | number | undefined>;
const post = (url: string, fields: Fields, files: Record<string, UploadFile | undefined> = {}, headers = as.cm) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload: imageForm(fields, files) });

const valid = { status: 1, title: 'Sesión ordinaria', description: '<p>Se aprobó la <strong>ordenanza</strong>.</p>', type: 'new' };

const createNews = (fields: Fields = {}, files: Record<string, UploadFile | undefined> = { image: photo }) => buildNews<NewsItem>(ctx.app, as.cm, fields, files);

const publishedIds = async () => (await ctx.app.inject({ url: '/api/v1/news/published' })).json<NewsItem[]>().map((item) => item.id);
const storedPath = (url: string) => path.join(ctx.uploadsDir, url.replace('/api/v1/files/', ''));
const exists = (file: string) => fs.access(file).then(() => true, () => false);

describe('news: who may manage them', () => {
  it('refuses every role but cm (403) and no token (401)', async () => {
    const item = await createNews();
    const routes = [
      { method: 'GET', url: '/api/v1/news' },
      { method: 'POST', url: '/api/v1/news' },
      { method: 'POST', url: `/api/v1/news/${item.id}` },
      { method: 'DELETE', url: `/api/v1/news/${item.id}` },
    ] as const;
    for (const route of routes) {
      const payload = () => (route.method === 'POST' ? imageForm(valid, { image: photo }) : undefined);
      const anonymous = await ctx.app.inject({ ...route, payload: payload() });
      expect(anonymous.statusCode).toBe(401);
      for (const role of ROLES.filter((role) => role !== 'cm')) {
        const response = await ctx.app.inject({ ...route, headers: as[role], payload: payload() });
        expect(response.statusCode, `${role} ${route.method} ${route.url}`).toBe(403);
        expect(response.json().message).toBe(MESSAGES.forbidden);
      }
    }
  });
});

describe('POST /news', () => {
  it('creates an item with its picture and sanitised description', async () => {
    const item = await createNews({ description: '<p onclick="x()">Hola <script>alert(1)</script><a href="https://concejo.example">acta</a></p>' });
    expect(item).toMatchObject({ status: 1, title: 'Sesión ordinaria', type: 'new', video_url: null, image_width: 1000 });
    expect(item.description).toBe('<p>Hola <a href="https://concejo.example" target="_blank" rel="noopener noreferrer">acta</a></p>');
    expect(item.images.map((image) => image.width)).toEqual([400, 800]);
    expect((await ctx.app.inject({ url: item.images[1]!.url })).headers['content-type']).toBe('image/webp');
  });

  it('accepts status 0 (Inactivo), which the reference product treated as empty', async () => {
    const item = await createNews({ status: 0 });
    expect(item.status).toBe(0);
    expect(await publishedIds()).not.toContain(item.id);
  });

  it('needs status, title and description: "Por favor, completa todos los campos."', async () => {
    for (const missing of ['status', 'title', 'description'] as const) {
      const response = await post('/news', { ...valid, [missing]: undefined }, { image: photo });
      expect(response.statusCode, missing).toBe(422);
      expect(response.json().errors[missing]).toEqual([CONTENT_MESSAGES.newsRequiredFields]);
    }
    for (const empty of ['   ', '<p><br></p>', '<script>alert(1)</script>']) {
      const response = await post('/news', { ...valid, description: empty }, { image: photo });
      expect(response.json().errors, empty).toEqual({ description: [CONTENT_MESSAGES.newsRequiredFields] });
    }
  });

  it('needs an image or a video/Instagram link', async () => {
    const response = await post('/news', valid);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: CONTENT_MESSAGES.newsImageOrLink, errors: { image: [CONTENT_MESSAGES.newsImageOrLink] } });
    const withLink = await createNews({ video_url: 'https://www.instagram.com/p/Cx1/' }, {});
    expect(withLink).toMatchObject({ image: null, images: [], video_url: 'https://www.instagram.com/p/Cx1/' });
    const badLink = await post('/news', { ...valid, video_url: 'javascript:alert(1)' });
    expect(badLink.json().errors).toEqual({ video_url: [CONTENT_MESSAGES.newsVideoUrlInvalid] });
  });

  it('checks the picture by content', async () => {
    for (const file of [{ content: svgImage, name: 'a.svg', type: 'image/svg+xml' }, { content: phpAsPng, name: 'a.png', type: 'image/png' }, { content: await truncatedJpeg(), name: 'a.jpg' }]) {
      const response = await post('/news', valid, { image: file });
      expect(response.statusCode, file.name).toBe(422);
      expect(response.json().errors.image).toHaveLength(1);
    }
  });

  it('turns editor data-URL images into stored WebP files and refuses SVG ones', async () => {
    const png = (await sampleImage('png', 1200, 800)).toString('base64');
    const item = await createNews({ description: `<p>Foto:</p><p><img src="data:image/png;base64,${png}"></p><p><img src="https://example.org/a.jpg"></p>` });
    const sources = [...item.description.matchAll(/src="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources[0]).toMatch(/^\/api\/v1\/files\/news\/[0-9a-f-]{36}\.webp$/);
    expect(sources[1]).toBe('https://example.org/a.jpg');
    const embedded = await ctx.app.inject({ url: sources[0]! });
    expect(embedded.headers['content-type']).toBe('image/webp');
    expect(item.description).not.toContain('data:');

    const svg = await createNews({ description: `<p>x<img src="data:image/svg+xml;base64,${svgImage.toString('base64')}"></p>` });
    expect(svg.description).toBe('<p>x</p>');
    const fake = await post('/news', { ...valid, description: `<p>x<img src="data:image/png;base64,${phpAsPng.toString('base64')}"></p>` }, { image: photo });
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors).toEqual({ description: [CONTENT_MESSAGES.imageType] });
  });
});

describe('large descriptions', () => {
  it('takes an editor photo of a few megabytes and refuses a description over the limit with 413', async () => {
    const noise = await sharp(randomBytes(900 * 900 * 3), { raw: { width: 900, height: 900, channels: 3 } }).png().toBuffer();
    expect(noise.length).toBeGreaterThan(1_000_000);
    const item = await createNews({ description: `<p>Foto grande</p><p><img src="data:image/png;base64,${noise.toString('base64')}"></p>` });
    expect(item.description).toMatch(/^<p>Foto grande<\/p><p><img src="\/api\/v1\/files\/news\/[0-9a-f-]{36}\.webp" \/><\/p>$/);

    const tooLarge = await post('/news', { ...valid, description: `<p>${'a'.repeat(MAX_NEWS_DESCRIPTION_INPUT + 10)}</p>` }, { image: photo });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(CONTENT_MESSAGES.descriptionTooLarge);
    const tooLong = await post('/news', { ...valid, description: `<p>${'palabra '.repeat(20_000)}</p>` }, { image: photo });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toEqual({ description: [CONTENT_MESSAGES.descriptionTooLong] });
  });
});

describe('published news', () => {
  it('lists active items inside their window, newest first, and serves one by id', async () => {
    const now = ctx.clock.now().getTime();
    const iso = (hours: number) => new Date(now + hours * 3600_000).toISOString();
    const older = await createNews({ title: 'Más vieja', publication_date: iso(-48) });
    const newer = await createNews({ title: 'Más nueva', publication_date: iso(-1) });
    const later = await createNews({ publication_date: iso(5) });
    const gone = await createNews({ unpublication_date: iso(-2), publication_date: iso(-10) });

    const ids = await publishedIds();
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids).not.toContain(later.id);
    expect(ids).not.toContain(gone.id);

    const one = await ctx.app.inject({ url: `/api/v1/news/published/${newer.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json().title).toBe('Más nueva');
    expect(one.headers.etag).toBeDefined();
    const hidden = await ctx.app.inject({ url: `/api/v1/news/published/${later.id}` });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(CONTENT_MESSAGES.newsNotFound);

    ctx.clock.advance(6 * 3600_000);
    expect(await publishedIds()).toContain(later.id);
  });
});

describe('POST /news/:id and DELETE /news/:id', () => {
  it('edits the fields sent, replaces the picture and drops editor images no longer used', async () => {
    const png = (await sampleImage('png', 500, 300)).toString('base64');
    const item = await createNews({ description: `<p>a</p><img src="data:image/png;base64,${png}">` });
    const embedded = /src="([^"]+)"/.exec(item.description)![1]!;
    const pictureFiles = [item.image!, ...item.images.map((image) => image.url)].map(storedPath);

    // Sent back unchanged, the stored editor image stays.
    const kept = await post(`/news/${item.id}`, { title: 'Nuevo título', description: item.description });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ title: 'Nuevo título', status: 1, description: item.description });
    expect(await exists(storedPath(embedded))).toBe(true);

    const edited = await post(`/news/${item.id}`, { status: 0, description: '<p>sin imagen</p>' }, { image: { content: await sampleImage('webp', 700, 400), name: 'n.webp', type: 'image/webp' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ status: 0, description: '<p>sin imagen</p>' });
    expect(await exists(storedPath(embedded))).toBe(false);
    for (const file of pictureFiles) expect(await exists(file)).toBe(false);

    const empty = await post(`/news/${item.id}`, { title: '' });
    expect(empty.json().errors).toEqual({ title: [CONTENT_MESSAGES.newsRequiredFields] });
    expect((await post('/news/999999', { title: 'x' })).statusCode).toBe(404);
  });

  it('keeps an image or a link: clearing the only link of an item without picture is refused', async () => {
    const item = await createNews({ video_url: 'https://youtu.be/abc' }, {});
    const response = await post(`/news/${item.id}`, { video_url: '' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ image: [CONTENT_MESSAGES.newsImageOrLink] });
  });

  it('deletes the item with its picture and editor images', async () => {
    const png = (await sampleImage('png', 300, 200)).toString('base64');
    const item = await createNews({ description: `<p><img src="data:image/png;base64,${png}"></p>` });
    const files = [item.image!, ...item.images.map((image) => image.url), /src="([^"]+)"/.exec(item.description)![1]!].map(storedPath);
    const response = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/news/${item.id}`, headers: as.cm });
    expect(response.json()).toEqual({ message: CONTENT_MESSAGES.newsDeleted });
    for (const file of files) expect(await exists(file)).toBe(false);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v1/news/${item.id}`, headers: as.cm })).statusCode).toBe(404);
  });

  it('lists every item for cm, whatever its status', async () => {
    const inactive = await createNews({ status: 0, title: 'Borrador' });
    const list = (await ctx.app.inject({ url: '/api/v1/news', headers: as.cm })).json<NewsItem[]>();
    expect(list.find((item) => item.id === inactive.id)).toMatchObject({ status: 0, title: 'Borrador' });
  });
});
