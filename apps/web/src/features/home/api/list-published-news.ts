import { CONTENT_PATHS, newsListSchema, type NewsItem } from '@concejo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { HOME_KEYS } from './keys';

/** GET /news/published: active news inside their publication window, newest first. */
export function listPublishedNews({ signal }: { signal?: AbortSignal } = {}): Promise<NewsItem[]> {
  return apiClient.get(CONTENT_PATHS.publishedNews, { schema: newsListSchema, signal });
}

export const publishedNewsQueryOptions = () =>
  queryOptions({ queryKey: HOME_KEYS.news, queryFn: ({ signal }) => listPublishedNews({ signal }) });

export function usePublishedNews({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...publishedNewsQueryOptions(), enabled });
}
