import { regulationDetailSchema, REGULATION_PATHS, type RegulationDetail } from '@concejo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { REGULATIONS_QUERY_KEY } from './regulation-paths';

/** GET /regulations/:id: the regulation with its links, PDFs and history. */
export function getRegulation(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<RegulationDetail> {
  return apiClient.get(REGULATION_PATHS.one(id), { schema: regulationDetailSchema, signal });
}

export const regulationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [REGULATIONS_QUERY_KEY, 'detail', id],
    queryFn: ({ signal }) => getRegulation(id, { signal }),
    // Process PDFs are short-lived signed links: a page opened again gets fresh ones.
    staleTime: 0,
  });

export function useRegulation(id: number) {
  return useQuery({ ...regulationQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
