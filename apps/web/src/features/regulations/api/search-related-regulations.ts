import { relatedRegulationListSchema, REGULATION_PATHS, type RegulationRef } from '@concejo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { REGULATIONS_QUERY_KEY } from './regulation-paths';

/** Norm search starts after more than 2 characters (spec 9). */
export const RELATED_SEARCH_MIN_LENGTH = 3;

export type RelatedSearch = { search: string; exceptId?: number; modifiedBy?: boolean };

/** GET /regulations/related: norms that can be linked, by subject, keywords or number. */
export function searchRelatedRegulations({ search, exceptId, modifiedBy }: RelatedSearch, { signal }: { signal?: AbortSignal } = {}): Promise<RegulationRef[]> {
  return apiClient.get(REGULATION_PATHS.related, {
    query: { search: search.trim(), id: exceptId, rule: modifiedBy ? 'modified-by' : undefined },
    schema: relatedRegulationListSchema,
    signal,
  });
}

export const relatedRegulationsQueryOptions = (params: RelatedSearch) =>
  queryOptions({
    queryKey: [REGULATIONS_QUERY_KEY, 'related', params],
    queryFn: ({ signal }) => searchRelatedRegulations(params, { signal }),
    placeholderData: keepPreviousData,
  });

export function useRelatedRegulations(params: RelatedSearch) {
  return useQuery({ ...relatedRegulationsQueryOptions(params), enabled: params.search.trim().length >= RELATED_SEARCH_MIN_LENGTH });
}
