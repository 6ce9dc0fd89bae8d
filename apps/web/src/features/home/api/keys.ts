import { PUBLIC_QUERY_SCOPE } from '../../../lib/query-client';

/** The home page's data is public: it survives a logout, unlike the staff queries. */
export const HOME_KEYS = {
  banners: [PUBLIC_QUERY_SCOPE, 'banners', 'published'],
  news: [PUBLIC_QUERY_SCOPE, 'news', 'published'],
  newsItem: (id: number) => [PUBLIC_QUERY_SCOPE, 'news', 'published', id],
  contact: [PUBLIC_QUERY_SCOPE, 'contact'],
  videos: [PUBLIC_QUERY_SCOPE, 'videos'],
  weather: [PUBLIC_QUERY_SCOPE, 'weather'],
} as const;

/** The server keeps video and weather answers 10 minutes (spec 9); the page need not ask sooner. */
export const MEDIA_STALE_TIME = 10 * 60_000;
