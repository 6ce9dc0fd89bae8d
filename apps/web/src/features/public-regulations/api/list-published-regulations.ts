import { REGULATION_PATHS, type PublishedRegulationList } from '@concejo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { fields, pageAnswer } from '../../../lib/public-answers';
import type { PublicRegulationFilters } from '../filters';
import { PUBLISHED_REGULATIONS_KEY } from './keys';

/** What the results table reads of each row; checked by hand, as the public pages do, rather than with zod. */
const ROW_FIELDS = fields({ id: 'number', type: 'string', subject: 'string', keywords: 'array', created_at: 'string', matched_in: 'array' });

/** GET /regulations/published: one page of the public search, ranked when there are words to find. */
export function listPublishedRegulations(
  filters: PublicRegulationFilters,
  page: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PublishedRegulationList> {
  return apiClient.get(REGULATION_PATHS.published, { query: { ...filters, page }, schema: pageAnswer<PublishedRegulationList>('norms', ROW_FIELDS), signal });
}

export const publishedRegulationsQueryOptions = (filters: PublicRegulationFilters, page: number) =>
  queryOptions({
    queryKey: [...PUBLISHED_REGULATIONS_KEY, filters, page],
    queryFn: ({ signal }) => listPublishedRegulations(filters, page, { signal }),
    // The previous page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export function usePublishedRegulations(filters: PublicRegulationFilters, page: number) {
  return useQuery(publishedRegulationsQueryOptions(filters, page));
}
