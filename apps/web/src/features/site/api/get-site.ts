import { API_PATHS, siteResponseSchema, type SiteResponse } from '@concejo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { PUBLIC_QUERY_SCOPE } from '../../../lib/query-client';

/** Shown until the server says otherwise (or if it never answers). */
export const DEFAULT_COUNCIL_NAME = 'Concejo Deliberante';

export function getSite({ signal }: { signal?: AbortSignal } = {}): Promise<SiteResponse> {
  return apiClient.get(API_PATHS.site, { schema: siteResponseSchema, signal });
}

export const siteQueryOptions = () =>
  queryOptions({
    queryKey: [PUBLIC_QUERY_SCOPE, 'site'],
    queryFn: ({ signal }) => getSite({ signal }),
    // The council's name changes with a redeploy at most.
    staleTime: 60 * 60 * 1000,
  });

export function useSite() {
  return useQuery(siteQueryOptions());
}
