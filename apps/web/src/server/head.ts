import { documentTitle } from '../lib/use-document-title';
import type { PageHead } from './server-page';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

const DEFAULT_DESCRIPTION = 'Portal del Concejo Deliberante: normativas, órdenes del día, sesiones y noticias del cuerpo legislativo local.';

/**
 * The tags of a server-rendered page's head: title, description, canonical address, and the Open
 * Graph and Twitter card tags that make a shared link show a preview. Every value is escaped here.
 */
export function renderHead(head: PageHead, { url, publicUrl, siteName }: { url: URL; publicUrl: string; siteName: string }): string {
  const absolute = (path: string) => (/^https?:\/\//i.test(path) ? path : `${publicUrl}${path.startsWith('/') ? '' : '/'}${path}`);
  const canonical = absolute(head.canonical ?? `${url.pathname}${url.search}`);
  const title = documentTitle(head.title);
  const description = head.description ?? DEFAULT_DESCRIPTION;
  const tags: [string, Record<string, string>][] = [
    ['meta', { name: 'description', content: description }],
    ['link', { rel: 'canonical', href: canonical }],
    ['meta', { property: 'og:type', content: head.type ?? 'website' }],
    ['meta', { property: 'og:site_name', content: siteName }],
    ['meta', { property: 'og:locale', content: 'es_AR' }],
    ['meta', { property: 'og:title', content: head.title || siteName }],
    ['meta', { property: 'og:description', content: description }],
    ['meta', { property: 'og:url', content: canonical }],
    ['meta', { name: 'twitter:card', content: head.image ? 'summary_large_image' : 'summary' }],
    ['meta', { name: 'twitter:title', content: head.title || siteName }],
    ['meta', { name: 'twitter:description', content: description }],
  ];
  if (head.image) {
    tags.push(
      ['meta', { property: 'og:image', content: absolute(head.image.url) }],
      ['meta', { property: 'og:image:alt', content: head.image.alt }],
      ['meta', { name: 'twitter:image', content: absolute(head.image.url) }],
    );
  }
  if (head.feed) tags.push(['link', { rel: 'alternate', type: 'application/atom+xml', title: head.feed.title, href: head.feed.href }]);
  if (head.noindex) tags.push(['meta', { name: 'robots', content: 'noindex' }]);
  const attributes = (values: Record<string, string>) =>
    Object.entries(values)
      .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
      .join('');
  const lines = [`<title>${escapeHtml(title)}</title>`, ...tags.map(([tag, values]) => `<${tag}${attributes(values)}>`)];
  if (head.jsonLd) lines.push(`<script type="application/ld+json">${scriptJson(head.jsonLd(absolute))}</script>`);
  return lines.join('\n    ');
}

/**
 * JSON safe inside a <script> element: every '<' (so no text of the data can close the element or open
 * a comment), '>' and '&' escaped as JSON escapes, which parsers read back as the same characters.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
