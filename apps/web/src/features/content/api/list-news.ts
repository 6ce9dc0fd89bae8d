import { newsListSchema, CONTENT_PATHS, type NewsItem } from '@concejo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { CONTENT_KEYS } from './keys';

/** GET /news (cm): every news item, newest first. */
export function listNews({ signal }: { signal?: AbortSignal } = {}): Promise<NewsItem[]> {
  return apiClient.get(CONTENT_PATHS.news, { schema: newsListSchema, signal });
}

export const newsQueryOptions = () => queryOptions({ queryKey: [...CONTENT_KEYS.news], queryFn: ({ signal }) => listNews({ signal }) });

export function useNews() {
  return useQuery(newsQueryOptions());
}
