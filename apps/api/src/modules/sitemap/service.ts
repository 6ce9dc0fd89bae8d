import { API_BASE, CRAWLER_PATHS, PRIVATE_PAGE_PREFIXES, SITE_PATHS, type PublicRegulationType } from '@concejo/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { createAnswerCache } from '../../lib/answer-cache.js';
import type { Clock } from '../../lib/clock.js';
import type { PublicChanges } from '../../lib/public-changes.js';
import { xml } from '../../lib/xml.js';
import { FILES_PREFIX, IMAGE_FOLDERS, PUBLIC_FOLDERS, WHILE_PUBLIC_FOLDERS } from '../../lib/file-folders.js';

/** The sitemap protocol's limits: URLs in one file, and files in one index (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;
/** Files listed by /sitemap.xml when it is an index: a million pages, far past any council's registry. */
export const SITEMAP_MAX_FILES = 20;

export interface SitemapEntry {
  /** The page's path on the site, from SITE_PATHS. */
  path: string;
  /** When the page's content last changed, where the data knows it. */
  lastModified?: Date;
}

/** One kind of public page: at most `limit` of its entries, the most worth crawling first. */
type SitemapSource = (limit: number) => Promise<SitemapEntry[]>;

interface Deps {
  /** PUBLIC_URL without its trailing slash: every URL written is absolute under it, never under a request's Host. */
  publicUrl: string;
  /** The published news items' pages (/noticia/{id}), newest first (modules/news, handed in by app.ts). */
  news: { publishedPages(limit: number): Promise<{ id: number; lastModified: Date }[]> };
  /** The public norms' pages (/normativas/{tipo}/{número}), newest first. */
  regulations: { publishedPages(limit: number): Promise<{ type: PublicRegulationType; number: number; lastModified: Date }[]> };
  changes: Pick<PublicChanges, 'onChange' | 'caughtUp'>;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The protocol's limits unless a test says otherwise. */
  limits?: { urlsPerFile: number; files: number };
}

/** The sitemap as served: one file, or an index (/sitemap.xml) and its numbered files (/sitemap-N.xml). */
interface SitemapFiles {
  root: string;
  parts: string[];
}

/** What search engines are told about the public site: the sitemap and robots.txt. */
export function createSitemapService({ publicUrl, news, regulations, changes, clock, log, limits }: Deps) {
  const urlsPerFile = limits?.urlsPerFile ?? SITEMAP_MAX_URLS;
  const maxUrls = urlsPerFile * (limits?.files ?? SITEMAP_MAX_FILES);
  // Each kind of public page is one source, in the order they fill the sitemap.
  const sources: SitemapSource[] = [
    // A list also changes when an item leaves it, which leaves no date behind: lists carry no lastmod.
    async () => [SITE_PATHS.home, SITE_PATHS.regulations, SITE_PATHS.dayOrders, SITE_PATHS.openData].map((path) => ({ path })),
    async (limit) => (await news.publishedPages(limit)).map(({ id, lastModified }) => ({ path: SITE_PATHS.newsItem(id), lastModified })),
    async (limit) => (await regulations.publishedPages(limit)).map(({ type, number, lastModified }) => ({ path: SITE_PATHS.regulation(type, number), lastModified })),
  ];
  // With 100,000 norms the sitemap is a 10 MB read: made once and kept until public content changes
  // (through any instance) or a minute passes (a news item scheduled ahead appears on its own).
  const cache = createAnswerCache<SitemapFiles>(changes, { contents: ['regulations', 'news'], ttlMs: 60_000, maxEntries: 1, now: () => clock.now().getTime() });

  async function entries(): Promise<SitemapEntry[]> {
    let found: SitemapEntry[] = [];
    for (const source of sources) {
      const room = maxUrls - found.length;
      // One more than fits tells whether anything is left out.
      const more = await source(room + 1);
      found = found.concat(more.slice(0, room));
      if (more.length > room) {
        log.warn({ limit: maxUrls }, 'the sitemap is full: public pages past its limit are left out');
        break;
      }
    }
    return found;
  }

  async function build(): Promise<SitemapFiles> {
    const all = await entries();
    if (all.length <= urlsPerFile) return { root: urlSet(publicUrl, all), parts: [] };
    const parts: string[] = [];
    for (let start = 0; start < all.length; start += urlsPerFile) parts.push(urlSet(publicUrl, all.slice(start, start + urlsPerFile)));
    return { root: sitemapIndex(publicUrl, parts.length), parts };
  }

  const robots = robotsText(publicUrl);

  return {
    /**
     * The sitemap (sitemaps.org 0.9) of every public page: the lists, the news, then every public
     * norm, newest first. Past SITEMAP_MAX_URLS pages it is an index of numbered files of that many
     * pages each (sitemapPart); past SITEMAP_MAX_FILES files the rest are left out with a warning in the log.
     */
    async sitemap(): Promise<string> {
      return (await cache.get('sitemap', build)).root;
    },

    /** The numbered file `part` (from 1) of a sitemap index; undefined when there is no such file. */
    async sitemapPart(part: number): Promise<string | undefined> {
      return (await cache.get('sitemap', build)).parts[part - 1];
    },

    robots(): string {
      return robots;
    },
  };
}

/** The path of the numbered sitemap file `part` (from 1). */
export const sitemapPartPath = CRAWLER_PATHS.sitemapPart;

function sitemapIndex(publicUrl: string, parts: number): string {
  let body = '';
  for (let part = 1; part <= parts; part += 1) body += `<sitemap><loc>${xml(publicUrl)}${sitemapPartPath(part)}</loc></sitemap>\n`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}</sitemapindex>\n`;
}

function urlSet(publicUrl: string, entries: readonly SitemapEntry[]): string {
  // Every URL starts with the same prefix: escaped once, not once per page.
  const site = xml(publicUrl);
  let body = '';
  for (const { path, lastModified } of entries) {
    const loc = `${site}${xml(path)}`;
    body += lastModified ? `<url><loc>${loc}</loc><lastmod>${lastModified.toISOString()}</lastmod></url>\n` : `<url><loc>${loc}</loc></url>\n`;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}</urlset>\n`;
}

/**
 * Crawlers may read the public site; not the staff panels, private pages or the API. The public
 * files stay allowed (longest rule wins): a shared news item's preview shows its picture, and the
 * approved norms' PDFs are the council's public record.
 */
function robotsText(publicUrl: string): string {
  const publicFiles = [...IMAGE_FOLDERS, ...PUBLIC_FOLDERS, ...WHILE_PUBLIC_FOLDERS].map((folder) => `Allow: ${API_BASE}${FILES_PREFIX}/${folder}/`);
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PAGE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    'Disallow: /api/',
    ...publicFiles,
    '',
    `Sitemap: ${publicUrl}${CRAWLER_PATHS.sitemap}`,
    '',
  ].join('\n');
}

export type SitemapService = ReturnType<typeof createSitemapService>;
