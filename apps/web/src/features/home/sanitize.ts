import DOMPurify from 'dompurify';

/**
 * A news description as HTML, sanitised once more in the browser (DESIGN.md section 2: the server's
 * allow-list at write time, DOMPurify at render), should a stored row ever have escaped the first.
 *
 * The CSP refuses inline style attributes, so the editor's colours travel as data attributes and are
 * applied through the CSSOM by applyNewsColours (which the CSP allows), one checked value at a time.
 */
export function sanitizeNewsHtml(html: string): string {
  const clean = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['srcset', 'id', 'name'],
  });
  // An inert document: nothing in it runs or loads.
  const document = new DOMParser().parseFromString(clean, 'text/html');
  for (const element of document.body.querySelectorAll<HTMLElement>('[style]')) {
    const { color, backgroundColor } = element.style;
    element.removeAttribute('style');
    if (color) element.dataset.color = color;
    if (backgroundColor) element.dataset.background = backgroundColor;
  }
  for (const link of document.body.querySelectorAll('a[href]')) {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  }
  return document.body.innerHTML;
}

const COLOUR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]{3,20})$/i;

/** Gives the rendered description its colours back (see sanitizeNewsHtml). */
export function applyNewsColours(root: HTMLElement): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-color], [data-background]')) {
    const { color, background } = element.dataset;
    if (color && COLOUR.test(color)) element.style.color = color;
    if (background && COLOUR.test(background)) element.style.backgroundColor = background;
  }
}
