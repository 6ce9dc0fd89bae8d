import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES, MAX_IMAGE_BYTES } from '@concejo/contracts';
import { phpAsPng, sampleImage, svgImage, truncatedJpeg } from '../test/images.js';
import { HttpError } from './errors.js';
import { encodeImage, imageKeys, saveUpload, sniffImage, variantWidths } from './images.js';
import { createDiskStorage } from './storage.js';

let root: string;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-images-'));
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('images', () => {
  it('tells the format by the first bytes only', async () => {
    expect(sniffImage(await sampleImage('png', 20, 20))).toBe('png');
    expect(sniffImage(await sampleImage('jpeg', 20, 20))).toBe('jpeg');
    expect(sniffImage(await sampleImage('webp', 20, 20))).toBe('webp');
    expect(sniffImage(svgImage)).toBeUndefined();
    expect(sniffImage(phpAsPng)).toBeUndefined();
    expect(sniffImage(Buffer.from('GIF89a'))).toBeUndefined();
  });

  it('refuses SVG, a script named .png, a truncated JPEG and an oversize file', async () => {
    for (const content of [svgImage, phpAsPng]) {
      const error = await refusal(encodeImage(content, { kind: 'banner', field: 'image' }));
      expect(error.statusCode).toBe(422);
      expect(error.errors).toEqual({ image: [CONTENT_MESSAGES.imageType] });
    }
    const truncated = await refusal(encodeImage(await truncatedJpeg(), { kind: 'news', field: 'image' }));
    expect(truncated.statusCode).toBe(422);
    expect(truncated.errors).toEqual({ image: [CONTENT_MESSAGES.imageDamaged] });
    const large = Buffer.concat([await sampleImage('png', 10, 10), Buffer.alloc(MAX_IMAGE_BYTES)]);
    const tooLarge = await refusal(encodeImage(large, { kind: 'news', field: 'image' }));
    expect(tooLarge.statusCode).toBe(413);
  });

  it('refuses a decompression bomb by its pixel count', async () => {
    const huge = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#fff' } }).png().toBuffer();
    const error = await refusal(encodeImage(huge, { kind: 'banner', field: 'image' }));
    expect(error.errors).toEqual({ image: [CONTENT_MESSAGES.imageTooManyPixels] });
  });

  it('accepts only the formats asked for', async () => {
    const error = await refusal(encodeImage(await sampleImage('webp', 50, 50), { kind: 'contact', field: 'image_left', formats: ['png', 'jpeg'], typeMessage: CONTENT_MESSAGES.contactPngOrJpeg }));
    expect(error.errors).toEqual({ image_left: [CONTENT_MESSAGES.contactPngOrJpeg] });
  });

  it('re-encodes without metadata, scales to the widest size shown and makes WebP variants', async () => {
    const withExif = await sharp(await sampleImage('jpeg', 2400, 1350)).withMetadata({ exif: { IFD0: { Copyright: 'secreto', Artist: 'Cámara' } } }).jpeg().toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const encoded = await encodeImage(withExif, { kind: 'banner', field: 'image' });
    expect(encoded).toMatchObject({ format: 'jpeg', width: 1920, height: 1080 });
    expect((await sharp(encoded.full).metadata()).exif).toBeUndefined();
    expect(encoded.variants.map((variant) => variant.width)).toEqual([480, 960, 1600]);
    for (const variant of encoded.variants) {
      const metadata = await sharp(variant.content).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.width).toBe(variant.width);
    }
  });

  it('keeps transparency of a PNG and turns an opaque PNG into JPEG', async () => {
    const transparent = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.3 } } }).png().toBuffer();
    expect((await encodeImage(transparent, { kind: 'news', field: 'image' })).format).toBe('png');
    expect((await encodeImage(await sampleImage('png', 300, 200), { kind: 'news', field: 'image' })).format).toBe('jpeg');
  });

  it('never makes a variant wider than the upload', () => {
    expect(variantWidths('banner', 700)).toEqual([480, 700]);
    expect(variantWidths('news', 300)).toEqual([300]);
    expect(variantWidths('news', 800)).toEqual([400, 800]);
    expect(variantWidths('news', 3000)).toEqual([400, 800]);
  });

  it('stores the full file and the variants under the folder', async () => {
    const storage = createDiskStorage(root);
    const stored = await saveUpload(storage, 'news', await sampleImage('webp', 900, 500), { kind: 'news', field: 'image' });
    expect(stored.key).toMatch(/^news\/[0-9a-f-]{36}\.webp$/);
    expect(stored.variants.map((variant) => variant.width)).toEqual([400, 800]);
    for (const key of imageKeys(stored)) expect(await storage.read(key)).toBeDefined();
  });
});
