import sharp, { type OutputInfo } from 'sharp';
import { CONTENT_MESSAGES, IMAGE_WIDTHS, MAX_IMAGE_BYTES, type ImageKind, type ImageVariant } from '@concejo/contracts';
import type { StoredImage } from '../db/schema/content.js';
import { HttpError, ValidationFailed } from './errors.js';
import type { Storage } from './storage.js';

export type { StoredImage };
export type ImageFormat = 'png' | 'jpeg' | 'webp';

/** Widest full-size file kept per kind: larger uploads are scaled down (no page shows them wider). */
const MAX_FULL_WIDTH: Record<ImageKind, number> = { banner: 1920, news: 1600, contact: 1600 };
/** Decoding bombs: a small file can claim a huge canvas. 40 megapixels is plenty for a photo. */
const MAX_PIXELS = 40_000_000;
const WEBP_QUALITY = 78;

/** The format told by the file's first bytes; the name and the declared type are never trusted. */
export function sniffImage(content: Buffer): ImageFormat | undefined {
  if (content.length >= 8 && content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (content.length >= 3 && content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return 'jpeg';
  if (content.length >= 12 && content.toString('latin1', 0, 4) === 'RIFF' && content.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

export interface ImageCheckOptions {
  kind: ImageKind;
  /** Formats this upload accepts (contact images: PNG and JPEG only, spec 5). */
  formats?: readonly ImageFormat[];
  /** Message for a format outside `formats`. */
  typeMessage?: string;
  /** Field the 422 is keyed by. */
  field: string;
}

export interface EncodedImage {
  format: ImageFormat;
  width: number;
  height: number;
  full: Buffer;
  variants: { width: number; content: Buffer }[];
}

/**
 * Checks an upload by content and re-encodes it: decoded in full (a truncated or damaged file fails),
 * turned upright by its EXIF orientation, metadata dropped (location, camera), scaled down to the widest
 * size a page shows, plus WebP variants at the widths of IMAGE_WIDTHS[kind].
 */
export async function encodeImage(content: Buffer, options: ImageCheckOptions): Promise<EncodedImage> {
  if (content.length > MAX_IMAGE_BYTES) throw new HttpError(413, CONTENT_MESSAGES.imageTooLarge);
  const format = sniffImage(content);
  const formats = options.formats ?? ['png', 'jpeg', 'webp'];
  if (!format || !formats.includes(format)) {
    throw ValidationFailed.field(options.field, options.typeMessage ?? CONTENT_MESSAGES.imageType);
  }
  const input = () => sharp(content, { failOn: 'truncated', limitInputPixels: MAX_PIXELS, animated: false });
  let upright: { data: Buffer; info: OutputInfo };
  let hasAlpha: boolean;
  try {
    const metadata = await input().metadata();
    hasAlpha = Boolean(metadata.hasAlpha);
    // Decode everything once (this is where a truncated file fails), upright, at most the full width.
    upright = await input()
      .rotate()
      .resize({ width: MAX_FULL_WIDTH[options.kind], withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    const message = (error as Error).message ?? '';
    if (/pixel limit/i.test(message)) throw ValidationFailed.field(options.field, CONTENT_MESSAGES.imageTooManyPixels);
    throw ValidationFailed.field(options.field, CONTENT_MESSAGES.imageDamaged);
  }
  const { width, height, channels } = upright.info;
  const raw = () => sharp(upright.data, { raw: { width, height, channels } });
  // A PNG keeps its format only when it really is see-through somewhere; photos saved as PNG become JPEG.
  const transparent = hasAlpha && !(await raw().stats()).isOpaque;
  const fullFormat: ImageFormat = format === 'png' && !transparent ? 'jpeg' : format;
  const full =
    fullFormat === 'png'
      ? await raw().png({ compressionLevel: 9, palette: false }).toBuffer()
      : fullFormat === 'webp'
        ? await raw().webp({ quality: 85 }).toBuffer()
        : await raw().flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true }).toBuffer();

  const variants: EncodedImage['variants'] = [];
  for (const target of variantWidths(options.kind, width)) {
    variants.push({ width: target, content: await raw().resize({ width: target }).webp({ quality: WEBP_QUALITY }).toBuffer() });
  }
  return { format: fullFormat, width, height, full, variants };
}

/** The kind's widths narrower than the image, plus the image's own width when it falls short of the widest. */
export function variantWidths(kind: ImageKind, width: number): number[] {
  const widths: number[] = IMAGE_WIDTHS[kind].filter((target) => target <= width);
  const widest = IMAGE_WIDTHS[kind][IMAGE_WIDTHS[kind].length - 1]!;
  if (width < widest && !widths.includes(width)) widths.push(width);
  return widths;
}

const EXTENSIONS: Record<ImageFormat, string> = { png: 'png', jpeg: 'jpg', webp: 'webp' };

/** Stores an encoded image under `folder`; if one write fails, the files already written are removed. */
export async function storeImage(storage: Storage, folder: string, image: EncodedImage): Promise<StoredImage> {
  const written: string[] = [];
  try {
    const key = await storage.put(folder, EXTENSIONS[image.format], image.full);
    written.push(key);
    const variants: StoredImage['variants'] = [];
    for (const variant of image.variants) {
      const variantKey = await storage.put(folder, 'webp', variant.content);
      written.push(variantKey);
      variants.push({ key: variantKey, width: variant.width });
    }
    return { key, width: image.width, height: image.height, variants };
  } catch (error) {
    await removeFiles(storage, written);
    throw error;
  }
}

/** Checks, re-encodes and stores an upload in one step. */
export async function saveUpload(storage: Storage, folder: string, content: Buffer, options: ImageCheckOptions): Promise<StoredImage> {
  return storeImage(storage, folder, await encodeImage(content, options));
}

export function imageKeys(image: StoredImage | null | undefined): string[] {
  return image ? [image.key, ...image.variants.map((variant) => variant.key)] : [];
}

/** Removes files, never failing the caller: an orphan file is harmless, a failed delete after a commit is not. */
export async function removeFiles(storage: Storage, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.remove(key).catch(() => undefined)));
}

/** The contract's image fields of an item. */
export function presentImage(image: StoredImage | null, urlOf: (key: string) => string) {
  return {
    image: image ? urlOf(image.key) : null,
    images: image ? image.variants.map((variant): ImageVariant => ({ url: urlOf(variant.key), width: variant.width })) : [],
    image_width: image?.width ?? null,
    image_height: image?.height ?? null,
  };
}

/** Content types of the stored files, by extension (for the public file route). */
export const IMAGE_CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };
