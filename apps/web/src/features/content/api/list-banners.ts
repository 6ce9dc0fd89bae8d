import { bannerListSchema, CONTENT_PATHS, type Banner } from '@concejo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { CONTENT_KEYS } from './keys';

/** GET /banners (cm): every banner, newest first. */
export function listBanners({ signal }: { signal?: AbortSignal } = {}): Promise<Banner[]> {
  return apiClient.get(CONTENT_PATHS.banners, { schema: bannerListSchema, signal });
}

export const bannersQueryOptions = () => queryOptions({ queryKey: [...CONTENT_KEYS.banners], queryFn: ({ signal }) => listBanners({ signal }) });

export function useBanners() {
  return useQuery(bannersQueryOptions());
}
