import { staffRegulationListSchema, REGULATION_PATHS, type StaffRegulationList } from '@concejo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { RegulationFilters } from '../filters';
import { REGULATIONS_QUERY_KEY } from './regulation-paths';

/** GET /regulations: one page of the staff list with the filters of spec 2.5.1. */
export function listRegulations(filters: RegulationFilters, page: number, { signal }: { signal?: AbortSignal } = {}): Promise<StaffRegulationList> {
  return apiClient.get(REGULATION_PATHS.list, { query: { ...filters, page }, schema: staffRegulationListSchema, signal });
}

export const regulationListQueryOptions = (filters: RegulationFilters, page: number) =>
  queryOptions({
    queryKey: [REGULATIONS_QUERY_KEY, 'list', filters, page],
    queryFn: ({ signal }) => listRegulations(filters, page, { signal }),
    // The previous page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export function useRegulationList(filters: RegulationFilters, page: number) {
  return useQuery(regulationListQueryOptions(filters, page));
}
