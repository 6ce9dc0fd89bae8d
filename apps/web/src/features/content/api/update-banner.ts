import { bannerSchema, CONTENT_PATHS, type Banner } from '@concejo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client';
import type { UploadInput } from './create-banner';
import { refreshBanners } from './keys';

/** POST /banners/:id (multipart): the fields sent and optionally a new image. */
export function updateBanner({ id, form, onProgress }: UploadInput & { id: number }): Promise<Banner> {
  return apiUpload(CONTENT_PATHS.banner(id), { body: form, schema: bannerSchema, onProgress });
}

export function useUpdateBanner() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateBanner, onSuccess: () => refreshBanners(queryClient) });
}
