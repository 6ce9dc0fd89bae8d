import { API_BASE, PRIVATE_PAGE_PREFIXES, SITE_PATHS } from '@concejo/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { xml } from '../../lib/xml.js';
import { FILES_PREFIX, IMAGE_FOLDERS, PUBLIC_FOLDERS } from '../files/routes.js';
import type { NewsService } from '../news/service.js';

/** The sitemap protocol's limit of URLs in one file (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

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
  news: Pick<NewsService, 'publishedPages'>;
  log: FastifyBaseLogger;
}

/** What search engines are told about the public site: the sitemap and robots.txt. */
export function createSitemapService({ publicUrl, news, log }: Deps) {
  // Each kind of public page is one source, in the order they fill the sitemap. The page of one public
  // norm (/normativas/{tipo}/{número}, DESIGN.md section 5) will be one more: a function that asks the
  // regulations module for the public norms' paths and dates, newest first, at most `limit`.
  const sources: SitemapSource[] = [
    // A list also changes when an item leaves it, which leaves no date behind: lists carry no lastmod.
    async () => [SITE_PATHS.home, SITE_PATHS.regulations, SITE_PATHS.dayOrders].map((path) => ({ path })),
    async (limit) => (await news.publishedPages(limit)).map(({ id, lastModified }) => ({ path: SITE_PATHS.newsItem(id), lastModified })),
  ];

  const robots = robotsText(publicUrl);

  return {
    /**
     * The sitemap (sitemaps.org 0.9) of every public page, read with one bounded query per source.
     * It holds at most SITEMAP_MAX_URLS pages, the first sources first; past that the rest are left out
     * with a warning in the log. When the norm pages can take it past the limit, /sitemap.xml becomes
     * a sitemap index of numbered files, each source paged by its own order.
     */
    async sitemap(): Promise<string> {
      let entries: SitemapEntry[] = [];
      for (const source of sources) {
        const room = SITEMAP_MAX_URLS - entries.length;
        // One more than fits tells whether anything is left out.
        const found = await source(room + 1);
        entries = entries.concat(found.slice(0, room));
        if (found.length > room) {
          log.warn({ limit: SITEMAP_MAX_URLS }, 'the sitemap is full: public pages past its limit are left out');
          break;
        }
      }
      return urlSet(publicUrl, entries);
    },

    robots(): string {
      return robots;
    },
  };
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
  const publicFiles = [...IMAGE_FOLDERS, ...PUBLIC_FOLDERS].map((folder) => `Allow: ${API_BASE}${FILES_PREFIX}/${folder}/`);
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PAGE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    'Disallow: /api/',
    ...publicFiles,
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export type SitemapService = ReturnType<typeof createSitemapService>;
