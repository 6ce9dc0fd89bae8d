import sanitizeHtml from 'sanitize-html';
import { measureHtml } from './html-bounds.js';

/**
 * The news editor's HTML (Quill 2, spec 2.5) reduced to what its toolbar can make: paragraphs and line
 * breaks, ordered and bullet lists, blockquote, bold/italic/underline, colour and background, alignment,
 * indent 1 to 8, right-to-left, links, and images from http(s) or data URLs (or our own stored files).
 * Everything else (scripts, event handlers, other styles, SVG, iframes, forms) is dropped, text kept.
 * Runs at write time, so what the database holds is already safe; the browser still runs DOMPurify.
 * Its time grows linearly with the input: the nesting is bounded before parsing (html-bounds.ts), and no
 * option that rewrites the output so far (sanitize-html's exclusiveFilter) is used.
 */

const BLOCK_CLASSES = [
  'ql-align-center',
  'ql-align-right',
  'ql-align-justify',
  'ql-direction-rtl',
  ...Array.from({ length: 8 }, (_, index) => `ql-indent-${index + 1}`),
];

// Colours as Quill writes them (hex or rgb()) or CSS colour names; nothing with parentheses but rgb/rgba.
const COLOUR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i, /^[a-z]{3,20}$/i];
const COLOUR_STYLES = { color: COLOUR, 'background-color': COLOUR };

const DATA_IMAGE = /^data:image\/(png|jpeg|jpg|webp);base64,[a-z0-9+/=\s]+$/i;
const HTTP_URL = /^https?:\/\/[^\s]+$/i;

/** Far deeper than anything the editor makes (a list item with every inline format is about 8). */
export const MAX_HTML_DEPTH = 32;

/** An input the sanitiser refuses to parse: nested too deep, or more text and tags than allowed. */
export class HtmlBoundsError extends Error {
  constructor(readonly reason: 'depth' | 'markup') {
    super(reason === 'depth' ? 'HTML nested too deep' : 'HTML too long');
    this.name = 'HtmlBoundsError';
  }
}

export interface SanitizeOptions {
  /** Own stored files an image may point to by a relative path (e.g. `/api/v1/files/news/<uuid>.webp`). */
  ownImagePattern?: RegExp;
  /** Most characters of text and tags (data-URL image payloads not counted); unbounded by default. */
  maxMarkup?: number;
}

/** Throws HtmlBoundsError, before parsing, for input nested deeper than MAX_HTML_DEPTH or over `maxMarkup`. */
export function sanitizeNewsHtml(html: string, options: SanitizeOptions = {}): string {
  const shape = measureHtml(html, MAX_HTML_DEPTH);
  if (shape.depth > MAX_HTML_DEPTH) throw new HtmlBoundsError('depth');
  if (options.maxMarkup !== undefined && shape.markupLength > options.maxMarkup) throw new HtmlBoundsError('markup');
  const imageSourceAllowed = (src: string) => HTTP_URL.test(src) || DATA_IMAGE.test(src) || Boolean(options.ownImagePattern?.test(src));
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'span', 'strong', 'em', 'u', 'ol', 'ul', 'li', 'blockquote', 'a', 'img'],
    allowedAttributes: {
      a: ['href', 'target', 'rel', 'style'],
      img: ['src', 'alt', 'width', 'height'],
      li: ['data-list', 'class'],
      p: ['class'],
      ol: ['class'],
      ul: ['class'],
      blockquote: ['class'],
      span: ['style'],
      strong: ['style'],
      em: ['style'],
      u: ['style'],
    },
    allowedClasses: { p: BLOCK_CLASSES, li: BLOCK_CLASSES, ol: BLOCK_CLASSES, ul: BLOCK_CLASSES, blockquote: BLOCK_CLASSES },
    allowedStyles: { '*': COLOUR_STYLES },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    // Script, style, textarea... lose their content too, not only their tags.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'svg', 'math', 'iframe', 'object', 'template'],
    disallowedTagsMode: 'discard',
    parseStyleAttributes: true,
    transformTags: {
      a: (tagName, attribs) => {
        const href = (attribs.href ?? '').trim();
        const safe = /^(https?:\/\/|mailto:)/i.test(href);
        // Every link opens apart and gives the target no handle on this page.
        return safe ? { tagName, attribs: { ...attribs, href, target: '_blank', rel: 'noopener noreferrer' } } : { tagName: 'span', attribs: {} };
      },
      img: (tagName, attribs) => {
        const src = (attribs.src ?? '').trim();
        // An image without an acceptable source goes: renamed to a tag the allow-list drops. (An
        // exclusiveFilter would cut it out of the output built so far, copying it: quadratic.)
        return imageSourceAllowed(src) ? { tagName, attribs: { ...attribs, src } } : { tagName: 'dropped-img', attribs: {} };
      },
      li: (tagName, attribs) => {
        const list = attribs['data-list'];
        const next = { ...attribs };
        if (list !== undefined && list !== 'bullet' && list !== 'ordered') delete next['data-list'];
        return { tagName, attribs: next };
      },
    },
  });
}

export interface DataImage {
  /** The data URL exactly as it stands in the sanitised HTML. */
  url: string;
  content: Buffer;
}

/** The data-URL images of sanitised HTML, in order, decoded (duplicates once). */
export function dataImagesOf(html: string): DataImage[] {
  const found = new Map<string, DataImage>();
  for (const match of html.matchAll(/<img\b[^>]*?\ssrc="(data:image\/[a-z]+;base64,[^"]*)"/gi)) {
    const url = match[1]!;
    if (!found.has(url)) found.set(url, { url, content: Buffer.from(url.slice(url.indexOf(',') + 1), 'base64') });
  }
  return [...found.values()];
}

/**
 * Replaces image sources in sanitised HTML in one pass: each key of `sources` becomes its value, or the
 * image goes when the value is null. Other images stay.
 */
export function replaceImageSources(html: string, sources: ReadonlyMap<string, string | null>): string {
  if (sources.size === 0) return html;
  return html.replace(/<img\b[^>]*>/g, (tag) => {
    // The sanitiser writes every attribute as name="value" with quotes escaped inside.
    const current = / src="([^"]*)"/.exec(tag)?.[1];
    if (current === undefined || !sources.has(current)) return tag;
    const next = sources.get(current);
    return next === null || next === undefined ? '' : tag.replace(` src="${current}"`, () => ` src="${next}"`);
  });
}

/** Replaces one image source in sanitised HTML, or removes the image when `next` is null. */
export function replaceImageSource(html: string, current: string, next: string | null): string {
  return replaceImageSources(html, new Map([[current, next]]));
}

/**
 * Whether sanitised HTML says anything: text or an image (an empty editor sends `<p><br></p>`). The
 * sanitiser escapes `<` and `>` in text and attributes, so every `<...>` left is a tag.
 */
export function hasContent(html: string): boolean {
  return /<img\b/i.test(html) || html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') !== '';
}
