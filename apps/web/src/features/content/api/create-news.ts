import { newsItemSchema, CONTENT_PATHS, type NewsItem } from '@concejo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client';
import { refreshNews } from './keys';

import type { UploadInput } from './create-banner';

/** POST /news (multipart): 201 with the item. */
export function createNews({ form, onProgress }: UploadInput): Promise<NewsItem> {
  return apiUpload(CONTENT_PATHS.news, { body: form, schema: newsItemSchema, onProgress });
}

export function useCreateNews() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createNews, onSuccess: () => refreshNews(queryClient) });
}
