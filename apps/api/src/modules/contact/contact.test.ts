import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_SIDE_TEXTS, CONTENT_MESSAGES, MAX_CONTACT_ALT, MAX_IMAGE_BYTES, MESSAGES, ROLES, TEXT_MESSAGES, type ContactRecord, type Role } from '@concejo/contracts';
import { contactImages } from '../../db/schema/index.js';
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

const ADDRESS = 'Mesa de Entradas: Av. San Martín 450. Lunes a viernes de 8 a 14 h.';
const PHONES = 'Teléfono (011) 4586-1200, correo mesadeentradas@concejo.example.';

/** POST /contact with the given files and text fields; `texts` defaults to a text for each file sent. */
const upload = (files: Record<string, UploadFile | undefined>, headers = as.cm, texts?: Record<string, string | undefined>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/contact',
    headers,
    payload: imageForm(texts ?? { image_left_alt: files.image_left && ADDRESS, image_right_alt: files.image_right && PHONES }, files),
  });
const sendTexts = (texts: Record<string, string>) => upload({}, as.cm, texts);
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

  it('refuses an image sent without its text alternative, under the text field', async () => {
    const response = await upload({ image_left: jpeg, image_right: png }, as.cm, { image_right_alt: PHONES });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: CONTACT_SIDE_TEXTS.left.altMissing, errors: { image_left_alt: [CONTACT_SIDE_TEXTS.left.altMissing] } });
    expect(await contact()).toEqual([]);
  });

  it('refuses a text that is blank, too long or holds control characters', async () => {
    const cases: [string, string, string][] = [
      ['blank', '   ', CONTACT_SIDE_TEXTS.right.altMissing],
      ['empty', '', CONTACT_SIDE_TEXTS.right.altMissing],
      ['too long', 'a'.repeat(MAX_CONTACT_ALT + 1), CONTENT_MESSAGES.contactAltTooLong],
      ['a control character', 'Teléfono\u0007 4586-1200', TEXT_MESSAGES.controlCharacters],
    ];
    for (const [name, text, message] of cases) {
      const response = await upload({ image_right: png }, as.cm, { image_right_alt: text });
      expect(response.statusCode, name).toBe(422);
      expect(response.json().errors, name).toEqual({ image_right_alt: [message] });
    }
    expect(CONTENT_MESSAGES.contactAltTooLong).toBe('El texto alternativo puede tener hasta 500 caracteres.');
    expect(await contact()).toEqual([]);
  });

  it('refuses a text alone for a side that has no image yet', async () => {
    const response = await sendTexts({ image_left_alt: ADDRESS });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ image_left_alt: [CONTACT_SIDE_TEXTS.left.altWithoutImage] });
    expect(await contact()).toEqual([]);
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

  it('stores the left and right images with their texts, then replaces one side and removes its old files', async () => {
    const first = await upload({ image_left: jpeg, image_right: png }, as.cm, { image_left_alt: `  ${ADDRESS}\n`, image_right_alt: PHONES });
    expect(first.statusCode).toBe(200);
    const [record] = first.json<ContactRecord[]>();
    // Trimmed, as the page will read it.
    expect(record).toMatchObject({ image_left_alt: ADDRESS, image_right_alt: PHONES });
    expect(record!.image_left).toMatch(/^\/api\/v1\/files\/contact\/[0-9a-f-]{36}\.jpg$/);
    expect(record!.image_right).toMatch(/\.jpg$/);
    expect(record!.images_left.map((image) => image.width)).toEqual([480, 960]);
    expect(record!.images_right.map((image) => image.width)).toEqual([480, 600]);
    expect(record).toMatchObject({ image_left_width: 1200, image_left_height: 900, image_right_width: 600, image_right_height: 400 });
    expect(await contact()).toEqual([record]);
    const served = await ctx.app.inject({ url: record!.image_left! });
    expect(served.headers['content-type']).toBe('image/jpeg');

    const second = await upload({ image_right: jpeg }, as.cm, { image_right_alt: 'Recinto de sesiones: jueves a las 19 h.' });
    const [updated] = second.json<ContactRecord[]>();
    expect(updated).toMatchObject({ image_left: record!.image_left, image_left_alt: ADDRESS, image_right_alt: 'Recinto de sesiones: jueves a las 19 h.' });
    expect(updated!.image_right).not.toBe(record!.image_right);
    expect(await exists(record!.image_right!)).toBe(false);
    for (const image of record!.images_right) expect(await exists(image.url)).toBe(false);
    expect(await exists(updated!.image_right!)).toBe(true);
  });

  it('changes a text without a new image: the image and its files stay, and the next GET says the new text', async () => {
    const [before] = await contact();
    const etag = (await ctx.app.inject({ url: '/api/v1/contact' })).headers.etag;
    const response = await sendTexts({ image_right_alt: PHONES });
    expect(response.statusCode).toBe(200);
    const [after] = response.json<ContactRecord[]>();
    expect(after).toEqual({ ...before, image_right_alt: PHONES });
    for (const url of [after!.image_right!, ...after!.images_right.map((image) => image.url)]) expect(await exists(url), url).toBe(true);
    const again = await ctx.app.inject({ url: '/api/v1/contact' });
    expect(again.headers.etag).not.toBe(etag);
    expect(again.json<ContactRecord[]>()[0]!.image_right_alt).toBe(PHONES);
  });

  it('answers null for the text of an image stored before texts were asked for, and takes one for it alone', async () => {
    // What migration 0018 leaves on the rows it finds.
    await ctx.db.update(contactImages).set({ alt: null });
    const [old] = await contact();
    expect(old).toMatchObject({ image_left_alt: null, image_right_alt: null });
    expect(old!.image_left).toBeTruthy();
    const response = await sendTexts({ image_left_alt: ADDRESS });
    expect(response.json<ContactRecord[]>()[0]).toMatchObject({ image_left: old!.image_left, image_left_alt: ADDRESS, image_right_alt: null });
  });
});
