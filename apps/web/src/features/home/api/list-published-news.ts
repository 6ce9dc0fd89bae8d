import { CONTENT_PATHS, type NewsItem } from '@concejo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { listAnswer } from '../../../lib/public-answers';
import { NEWS_ITEM_FIELDS } from './news-item-fields';
import { HOME_KEYS } from './keys';

/** GET /news/published: active news inside their publication window, newest first. */
export function listPublishedNews({ signal }: { signal?: AbortSignal } = {}): Promise<NewsItem[]> {
  return apiClient.get(CONTENT_PATHS.publishedNews, { schema: listAnswer<NewsItem>('news items', NEWS_ITEM_FIELDS), signal });
}

export const publishedNewsQueryOptions = () =>
  queryOptions({ queryKey: HOME_KEYS.news, queryFn: ({ signal }) => listPublishedNews({ signal }) });

export function usePublishedNews({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...publishedNewsQueryOptions(), enabled });
}
