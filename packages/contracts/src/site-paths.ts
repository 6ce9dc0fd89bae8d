import { PUBLIC_TYPE_SLUGS, type PublicRegulationType } from './regulation-constants.js';
import { PANELS } from './roles.js';

/**
 * Public pages of the site that the server names in what it writes (the sitemap, robots.txt). The
 * web's path table (apps/web/src/lib/paths.ts) takes these for the same pages.
 */
export const SITE_PATHS = {
  home: '/',
  regulations: '/normativas',
  /** The page of one public norm (DESIGN.md section 5): `/normativas/ordenanza/2880`. */
  regulation: (type: PublicRegulationType, number: number) => `/normativas/${PUBLIC_TYPE_SLUGS[type]}/${number}`,
  /** The page of a project in trámite made public by an agenda (DESIGN.md 9.2): `/normativas/expediente/123-C-2026`. */
  project: (expediente: string) => `/normativas/expediente/${encodeURIComponent(expediente)}`,
  dayOrders: '/ver-orden-dia',
  newsItem: (id: number) => `/noticia/${id}`,
  /** The accessibility statement (Ley 26.653). */
  accessibility: '/accesibilidad',
  /** The open data: every download and what each of its columns means (DESIGN.md 9.2). */
  openData: '/datos',
} as const;

/** What the server answers at the site's root for crawlers (no API_BASE prefix). */
export const CRAWLER_PATHS = {
  sitemap: '/sitemap.xml',
  /** A numbered file of the sitemap when /sitemap.xml is an index of them. */
  sitemapPartRoute: '/sitemap-:part.xml',
  sitemapPart: (part: number) => `/sitemap-${part}.xml`,
  robots: '/robots.txt',
} as const;

/** Pages no crawler should read: the staff panels, a person's own profile and the password links (a secret in the URL). */
export const PRIVATE_PAGE_PREFIXES: readonly string[] = [...PANELS, '/profile', '/password-reset/'];
