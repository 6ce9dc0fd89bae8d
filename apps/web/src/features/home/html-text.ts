import { parseHtml } from '../../lib/html-window';

/**
 * The plain text of a news description (HTML already sanitised by the server), for the cards' excerpt.
 * DOMParser builds an inert document: nothing in it runs or loads.
 */
export function htmlToText(html: string): string {
  // Style attributes go before parsing: the CSP reports every inline style it meets, even in an inert document.
  const document = parseHtml(html.replace(/(<[^>]*\s)style=/gi, '$1data-style='));
  // Block elements end a sentence: keep a space between them so words do not run together.
  for (const block of document.body.querySelectorAll('p, div, li, blockquote, h1, h2, h3, h4, h5, h6, br')) block.append(' ');
  return (document.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** At most `max` characters, cut at a word and marked with an ellipsis. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  // One character more: a word that ends exactly at `max` is kept whole.
  const lastSpace = text.slice(0, max + 1).lastIndexOf(' ');
  // A cut sentence ends in the ellipsis alone, not in "principales.…".
  return `${(lastSpace > max * 0.6 ? text.slice(0, lastSpace) : text.slice(0, max)).replace(/[\s.,;:]+$/, '')}…`;
}
