import { bannerSchema, CONTENT_PATHS, type Banner } from '@concejo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client';
import { refreshBanners } from './keys';

export type UploadInput = { form: FormData; onProgress?: (fraction: number) => void };

/** POST /banners (multipart): 201 with the banner. */
export function createBanner({ form, onProgress }: UploadInput): Promise<Banner> {
  return apiUpload(CONTENT_PATHS.banners, { body: form, schema: bannerSchema, onProgress });
}

export function useCreateBanner() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBanner, onSuccess: () => refreshBanners(queryClient) });
}
