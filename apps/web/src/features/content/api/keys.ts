import type { QueryClient } from '@tanstack/react-query';
import { PUBLIC_QUERY_SCOPE } from '../../../lib/query-client';

/** The cm's lists belong to the account; the public lists (home page) are refreshed after each change. */
export const CONTENT_KEYS = {
  banners: ['content', 'banners'],
  news: ['content', 'news'],
} as const;

/** Prefixes of the home page's public queries: a change made here must show there at once. */
const PUBLIC_PREFIXES = {
  banners: [PUBLIC_QUERY_SCOPE, 'banners'],
  news: [PUBLIC_QUERY_SCOPE, 'news'],
  contact: [PUBLIC_QUERY_SCOPE, 'contact'],
} as const;

export async function refreshBanners(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [...CONTENT_KEYS.banners] }),
    queryClient.invalidateQueries({ queryKey: [...PUBLIC_PREFIXES.banners] }),
  ]);
}

export async function refreshNews(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [...CONTENT_KEYS.news] }),
    queryClient.invalidateQueries({ queryKey: [...PUBLIC_PREFIXES.news] }),
  ]);
}

export async function refreshContact(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ queryKey: [...PUBLIC_PREFIXES.contact] });
}

export const CONTACT_KEY = PUBLIC_PREFIXES.contact;
