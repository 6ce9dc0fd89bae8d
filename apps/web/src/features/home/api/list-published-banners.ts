import { CONTENT_PATHS, type Banner } from '@concejo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { fields, listAnswer } from '../../../lib/public-answers';
import { HOME_KEYS } from './keys';

/** GET /banners/published: active banners inside their publication window. */
export function listPublishedBanners({ signal }: { signal?: AbortSignal } = {}): Promise<Banner[]> {
  return apiClient.get(CONTENT_PATHS.publishedBanners, { schema: listAnswer<Banner>('banners', fields({ id: 'number', images: 'array', caption: 'boolean' })), signal });
}

export const publishedBannersQueryOptions = () =>
  queryOptions({ queryKey: HOME_KEYS.banners, queryFn: ({ signal }) => listPublishedBanners({ signal }) });

export function usePublishedBanners() {
  return useQuery(publishedBannersQueryOptions());
}
