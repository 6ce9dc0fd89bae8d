import sanitizeHtml from 'sanitize-html';

/**
 * The news editor's HTML (Quill 2, spec 2.5) reduced to what its toolbar can make: paragraphs and line
 * breaks, ordered and bullet lists, blockquote, bold/italic/underline, colour and background, alignment,
 * indent 1 to 8, right-to-left, links, and images from http(s) or data URLs (or our own stored files).
 * Everything else (scripts, event handlers, other styles, SVG, iframes, forms) is dropped, text kept.
 * Runs at write time, so what the database holds is already safe; the browser still runs DOMPurify.
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

export interface SanitizeOptions {
  /** Own stored files an image may point to by a relative path (e.g. `/api/v1/files/news/<uuid>.webp`). */
  ownImagePattern?: RegExp;
}

export function sanitizeNewsHtml(html: string, options: SanitizeOptions = {}): string {
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
        return { tagName, attribs: imageSourceAllowed(src) ? { ...attribs, src } : { ...attribs, src: '' } };
      },
      li: (tagName, attribs) => {
        const list = attribs['data-list'];
        const next = { ...attribs };
        if (list !== undefined && list !== 'bullet' && list !== 'ordered') delete next['data-list'];
        return { tagName, attribs: next };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
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

/** Replaces an image source in sanitised HTML, or removes the image when `next` is null. */
export function replaceImageSource(html: string, current: string, next: string | null): string {
  // Plain string search: a data URL is far too long to sit inside a regular expression.
  const attribute = ` src="${current}"`;
  return html.replace(/<img\b[^>]*>/g, (tag) => {
    if (!tag.includes(attribute)) return tag;
    return next === null ? '' : tag.replace(attribute, ` src="${next}"`);
  });
}

/** Whether sanitised HTML says anything: text or an image (an empty editor sends `<p><br></p>`). */
export function hasContent(html: string): boolean {
  return /<img\b/i.test(html) || sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') !== '';
}
