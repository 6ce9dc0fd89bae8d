import { PANELS } from './roles.js';

/**
 * Public pages of the site that the server names in what it writes (the sitemap, robots.txt). The
 * web's route table (apps/web/src/lib/paths.ts) declares the same paths for its router.
 */
export const SITE_PATHS = {
  home: '/',
  regulations: '/normativas',
  dayOrders: '/ver-orden-dia',
  newsItem: (id: number) => `/noticia/${id}`,
} as const;

/** Pages no crawler should read: the staff panels, a person's own profile and the password links (a secret in the URL). */
export const PRIVATE_PAGE_PREFIXES: readonly string[] = [...PANELS, '/profile', '/password-reset/'];
