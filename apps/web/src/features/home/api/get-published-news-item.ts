import { CONTENT_PATHS, type NewsItem } from '@concejo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { objectAnswer } from '../../../lib/public-answers';
import { NEWS_ITEM_FIELDS } from './news-item-fields';
import { HOME_KEYS } from './keys';

/** GET /news/published/:id: one published news item, for a detail opened from a link or a reload. */
export function getPublishedNewsItem(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<NewsItem> {
  return apiClient.get(CONTENT_PATHS.publishedNewsItem(id), { schema: objectAnswer<NewsItem>('a news item', NEWS_ITEM_FIELDS), signal });
}

export const publishedNewsItemQueryOptions = (id: number) =>
  queryOptions({ queryKey: HOME_KEYS.newsItem(id), queryFn: ({ signal }) => getPublishedNewsItem(id, { signal }) });

export function usePublishedNewsItem(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...publishedNewsItemQueryOptions(id), enabled });
}
