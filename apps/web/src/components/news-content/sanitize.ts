import createDOMPurify, { type DOMPurify } from 'dompurify';
import { getHtmlWindow, parseHtml, type HtmlWindow } from '../../lib/html-window';

let purifier: { window: HtmlWindow; instance: DOMPurify } | undefined;

/** DOMPurify bound to the window HTML is parsed with (the browser's, or the server's jsdom). */
function purify(): DOMPurify {
  const window = getHtmlWindow();
  if (purifier?.window !== window) purifier = { window, instance: createDOMPurify(window) };
  return purifier.instance;
}

/**
 * A news description as HTML, sanitised once more in the browser (DESIGN.md section 2: the server's
 * allow-list at write time, DOMPurify at render), should a stored row ever have escaped the first.
 *
 * The CSP refuses inline style attributes (even parsing one is reported), so the editor's colours are
 * renamed before any parsing, kept only when they are plain colours, and applied through the CSSOM by
 * applyNewsColours, which the CSP allows.
 */
export function sanitizeNewsHtml(html: string): string {
  const renamed = html.replace(/(<[^>]*\s)style=/gi, '$1data-style=');
  const clean = purify().sanitize(renamed, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['srcset', 'id', 'name', 'style'],
  });
  // An inert document: nothing in it runs or loads.
  const document = parseHtml(clean);
  for (const element of document.body.querySelectorAll<HTMLElement>('[data-style]')) {
    const colours = readColours(element.dataset.style ?? '');
    delete element.dataset.style;
    if (colours.color) element.dataset.color = colours.color;
    if (colours.background) element.dataset.background = colours.background;
  }
  for (const link of document.body.querySelectorAll('a[href]')) {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  }
  return document.body.innerHTML;
}

const COLOUR = /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)|[a-z]{3,20})$/i;

/** The text and background colours of a style declaration, when they are plain colours. */
function readColours(style: string): { color?: string; background?: string } {
  const found: { color?: string; background?: string } = {};
  for (const declaration of style.split(';')) {
    const [property = '', ...rest] = declaration.split(':');
    const value = rest.join(':').trim();
    if (!COLOUR.test(value)) continue;
    if (property.trim().toLowerCase() === 'color') found.color = value;
    if (property.trim().toLowerCase() === 'background-color') found.background = value;
  }
  return found;
}

/** Gives the rendered description its colours back (see sanitizeNewsHtml). */
export function applyNewsColours(root: HTMLElement): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-color], [data-background]')) {
    const { color, background } = element.dataset;
    if (color && COLOUR.test(color)) element.style.color = color;
    if (background && COLOUR.test(background)) element.style.backgroundColor = background;
  }
}
