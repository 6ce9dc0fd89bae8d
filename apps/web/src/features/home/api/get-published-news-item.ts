import { CONTENT_PATHS, newsItemSchema, type NewsItem } from '@concejo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { HOME_KEYS } from './keys';

/** GET /news/published/:id: one published news item, for a detail opened from a link or a reload. */
export function getPublishedNewsItem(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<NewsItem> {
  return apiClient.get(CONTENT_PATHS.publishedNewsItem(id), { schema: newsItemSchema, signal });
}

export const publishedNewsItemQueryOptions = (id: number) =>
  queryOptions({ queryKey: HOME_KEYS.newsItem(id), queryFn: ({ signal }) => getPublishedNewsItem(id, { signal }) });

export function usePublishedNewsItem(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...publishedNewsItemQueryOptions(id), enabled });
}
