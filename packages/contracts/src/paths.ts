/** API paths, relative to API_BASE. Fixed by DESIGN.md section 5 so front end, tests and clients agree. */
export const API_BASE = '/api/v1';

export const API_PATHS = {
  login: '/login',
  logout: '/logout',
  user: '/user',
  site: '/public/site',
  contact: '/contact',
  publishedBanners: '/banners/published',
  publishedNews: '/news/published',
  publishedNewsItem: (id: number | string) => `/news/published/${encodeURIComponent(String(id))}`,
  subscriptions: '/subscriptions',
  unsubscribe: (token: string) => `/subscriptions/unsubscribe/${encodeURIComponent(token)}`,
  subscriptionCounts: '/subscriptions/counts',
} as const;
