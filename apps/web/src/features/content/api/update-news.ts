import { newsItemSchema, CONTENT_PATHS, type NewsItem } from '@concejo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client';
import type { UploadInput } from './create-banner';
import { refreshNews } from './keys';

/** POST /news/:id (multipart): the fields sent and optionally a new image. */
export function updateNews({ id, form, onProgress }: UploadInput & { id: number }): Promise<NewsItem> {
  return apiUpload(CONTENT_PATHS.newsItem(id), { body: form, schema: newsItemSchema, onProgress });
}

export function useUpdateNews() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateNews, onSuccess: () => refreshNews(queryClient) });
}
