import { API_PATHS, subscriptionCountsSchema, type SubscriptionCounts } from '@concejo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** GET /subscriptions/counts (admin): how many follow what, never who. */
export const subscriptionCountsQueryOptions = () =>
  queryOptions({
    queryKey: ['subscription-counts'],
    queryFn: ({ signal }): Promise<SubscriptionCounts> => apiClient.get(API_PATHS.subscriptionCounts, { schema: subscriptionCountsSchema, signal }),
  });

export function useSubscriptionCounts() {
  return useQuery(subscriptionCountsQueryOptions());
}
