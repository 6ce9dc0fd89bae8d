import { CONTENT_MESSAGES, MAX_NEWS_HTML } from '@concejo/contracts';
import { HttpError, ValidationFailed } from '../../lib/errors.js';
import type { Documents } from '../../lib/documents/documents.js';
import { EMBEDDED_IMAGE_MARK } from '../../lib/documents/job-types.js';
import { replaceImageSources } from '../../lib/html-sanitizer.js';
import { encodeImage, removeFiles } from '../../lib/images.js';
import type { Storage } from '../../lib/storage.js';

/** Editor images that arrive as data URLs are stored here, beside the news items' pictures. */
export const NEWS_FOLDER = 'news';
/** Most editor images one description may carry. */
const MAX_EMBEDDED_IMAGES = 20;
/**
 * Most text and tags a description may arrive with (its data-URL images not counted), checked before
 * sanitising: four times what may be stored, so only what could never fit is refused this early.
 */
const MAX_DESCRIPTION_MARKUP = 4 * MAX_NEWS_HTML;

export interface PreparedDescription {
  html: string;
  /** Storage keys of the editor images this description now uses (kept ones and new ones). */
  embedded: string[];
  /** Keys stored by this call: removed again if the write fails. */
  stored: string[];
}

/**
 * Checks a description as sent (its bytes: the contract's rules, applied in the document worker),
 * sanitises it (allow-list at write time) and turns its data-URL images into stored WebP files, so the
 * database holds short HTML with plain URLs. Images already stored for the item stay when still
 * referenced; the caller removes the rest after its write. Nesting no editor makes (422) and far more
 * text than may be stored (413) are refused before any parsing; every step is linear in the input.
 */
export async function prepareDescription(
  raw: Buffer,
  previous: readonly string[],
  { storage, fileUrl, documents }: { storage: Storage; fileUrl: (key: string) => string; documents: Pick<Documents, 'cleanNewsHtml'> },
): Promise<PreparedDescription> {
  const ownPrefix = fileUrl(`${NEWS_FOLDER}/`);
  const ownImagePattern = new RegExp(`^${escapeRegExp(ownPrefix)}[0-9a-f-]{36}\\.(webp|jpg|png)$`);
  // Parsed in the document worker: up to 12 MB of markup is the best part of a second of work.
  const cleaned = await documents.cleanNewsHtml(raw, { ownImagePattern, maxMarkup: MAX_DESCRIPTION_MARKUP });
  if (cleaned.outcome === 'invalid') throw ValidationFailed.field('description', cleaned.message);
  if (cleaned.outcome === 'refused') {
    if (cleaned.reason === 'depth') throw ValidationFailed.field('description', CONTENT_MESSAGES.descriptionTooDeep);
    throw new HttpError(413, CONTENT_MESSAGES.descriptionTooLong, { description: [CONTENT_MESSAGES.descriptionTooLong] });
  }
  if (!cleaned.hasContent) throw ValidationFailed.field('description', CONTENT_MESSAGES.newsRequiredFields);
  if (cleaned.images.length > MAX_EMBEDDED_IMAGES) {
    throw ValidationFailed.field('description', `La descripción admite hasta ${MAX_EMBEDDED_IMAGES} imágenes.`);
  }
  const stored: string[] = [];
  let html: string;
  try {
    const sources = new Map<string, string>();
    for (const [index, image] of cleaned.images.entries()) {
      const encoded = await encodeImage(Buffer.from(image.buffer, image.byteOffset, image.byteLength), { kind: 'news', field: 'description' });
      // One WebP as wide as the text column (at most 800 px) is all an image inside the text needs.
      const widest = encoded.variants[encoded.variants.length - 1]!;
      const key = await storage.put(NEWS_FOLDER, 'webp', widest.content);
      stored.push(key);
      sources.set(`${EMBEDDED_IMAGE_MARK}${index}`, fileUrl(key));
    }
    html = replaceImageSources(cleaned.html, sources);
    if (html.length > MAX_NEWS_HTML) throw ValidationFailed.field('description', CONTENT_MESSAGES.descriptionTooLong);
  } catch (error) {
    await removeFiles(storage, stored);
    if (error instanceof HttpError && error.statusCode === 413) throw ValidationFailed.field('description', CONTENT_MESSAGES.imageTooLarge);
    throw error;
  }
  // Images stored earlier for this item stay while the HTML still points at them.
  const embedded = [...previous.filter((key) => html.includes(fileUrl(key))), ...stored];
  return { html, embedded, stored };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
