import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES, MAX_IMAGE_BYTES, MESSAGES, ROLES, type ContactRecord, type Role } from '@concejo/contracts';
import { buildLoggedInUser } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { imageForm, phpAsPng, sampleImage, svgImage, truncatedJpeg, type UploadFile } from '../../test/images.js';

let ctx: TestContext;
const as = {} as Record<Role, { authorization: string }>;
let jpeg: UploadFile;
let png: UploadFile;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const role of ROLES) as[role] = (await buildLoggedInUser(ctx.app, ctx.db, role)).headers;
  jpeg = { content: await sampleImage('jpeg', 1200, 900), name: 'frente.jpg', type: 'image/jpeg' };
  png = { content: await sampleImage('png', 600, 400), name: 'mapa.png', type: 'image/png' };
});
afterAll(() => ctx.close());

const upload = (files: Record<string, UploadFile | undefined>, headers = as.cm) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/contact', headers, payload: imageForm({}, files) });
const contact = async () => (await ctx.app.inject({ url: '/api/v1/contact' })).json<ContactRecord[]>();
const exists = (url: string) => fs.access(path.join(ctx.uploadsDir, url.replace('/api/v1/files/', ''))).then(() => true, () => false);

describe('contact images', () => {
  it('answers an empty list before any upload', async () => {
    const response = await ctx.app.inject({ url: '/api/v1/contact' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(response.headers['cache-control']).toBe('public, no-cache');
    expect(response.headers.etag).toBeDefined();
  });

  it('refuses every role but cm (403) and no token (401)', async () => {
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/v1/contact', payload: imageForm({}, { image_left: jpeg }) });
    expect(anonymous.statusCode).toBe(401);
    for (const role of ROLES.filter((role) => role !== 'cm')) {
      const response = await upload({ image_left: jpeg }, as[role]);
      expect(response.statusCode, role).toBe(403);
      expect(response.json().message).toBe(MESSAGES.forbidden);
    }
    expect(await contact()).toEqual([]);
  });

  it('needs at least one image: "Debe seleccionar al menos una imagen."', async () => {
    const response = await upload({});
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(CONTENT_MESSAGES.contactImageRequired);
  });

  it('takes PNG or JPEG only, by content: "Solo se permiten archivos PNG o JPG."', async () => {
    const cases: [string, UploadFile][] = [
      ['webp', { content: await sampleImage('webp', 100, 100), name: 'a.webp', type: 'image/webp' }],
      ['svg', { content: svgImage, name: 'a.svg', type: 'image/svg+xml' }],
      ['php named .png', { content: phpAsPng, name: 'a.png', type: 'image/png' }],
    ];
    for (const [name, file] of cases) {
      const response = await upload({ image_right: file });
      expect(response.statusCode, name).toBe(422);
      expect(response.json().errors).toEqual({ image_right: [CONTENT_MESSAGES.contactPngOrJpeg] });
    }
    const truncated = await upload({ image_left: { content: await truncatedJpeg(), name: 'a.jpg' } });
    expect(truncated.json().errors).toEqual({ image_left: [CONTENT_MESSAGES.imageDamaged] });
    const large = await upload({ image_left: { content: Buffer.concat([jpeg.content, Buffer.alloc(MAX_IMAGE_BYTES)]), name: 'big.jpg' } });
    expect(large.statusCode).toBe(413);
    expect(await contact()).toEqual([]);
  });

  it('stores the left and right images, then replaces one side and removes its old files', async () => {
    const first = await upload({ image_left: jpeg, image_right: png });
    expect(first.statusCode).toBe(200);
    const [record] = first.json<ContactRecord[]>();
    expect(record!.image_left).toMatch(/^\/api\/v1\/files\/contact\/[0-9a-f-]{36}\.jpg$/);
    expect(record!.image_right).toMatch(/\.jpg$/);
    expect(record!.images_left.map((image) => image.width)).toEqual([480, 960]);
    expect(record!.images_right.map((image) => image.width)).toEqual([480, 600]);
    expect(record).toMatchObject({ image_left_width: 1200, image_left_height: 900, image_right_width: 600, image_right_height: 400 });
    expect(await contact()).toEqual([record]);
    const served = await ctx.app.inject({ url: record!.image_left! });
    expect(served.headers['content-type']).toBe('image/jpeg');

    const second = await upload({ image_right: jpeg });
    const [updated] = second.json<ContactRecord[]>();
    expect(updated!.image_left).toBe(record!.image_left);
    expect(updated!.image_right).not.toBe(record!.image_right);
    expect(await exists(record!.image_right!)).toBe(false);
    for (const image of record!.images_right) expect(await exists(image.url)).toBe(false);
    expect(await exists(updated!.image_right!)).toBe(true);
  });
});
