import { CONTENT_PATHS, messageResponseSchema } from '@concejo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { refreshNews } from './keys';

/** DELETE /news/:id: the item, its picture and editor images. */
export function deleteNews(id: number): Promise<{ message: string }> {
  return apiClient.delete(CONTENT_PATHS.newsItem(id), { schema: messageResponseSchema });
}

export function useDeleteNews() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteNews, onSuccess: () => refreshNews(queryClient) });
}
