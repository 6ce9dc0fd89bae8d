import { CONTENT_PATHS, messageResponseSchema } from '@concejo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { refreshBanners } from './keys';

/** DELETE /banners/:id: the banner and its image files. */
export function deleteBanner(id: number): Promise<{ message: string }> {
  return apiClient.delete(CONTENT_PATHS.banner(id), { schema: messageResponseSchema });
}

export function useDeleteBanner() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteBanner, onSuccess: () => refreshBanners(queryClient) });
}
