import { DAY_ORDER_PATHS, dayOrderSummaryListSchema, type DayOrderSummaryList } from '@concejo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { DAY_ORDERS_KEY } from './keys';

/** GET /day-orders: the session summaries, newest first. */
export function listSessionSummaries(page: number, { signal }: { signal?: AbortSignal } = {}): Promise<DayOrderSummaryList> {
  return apiClient.get(DAY_ORDER_PATHS.list, { query: { page }, schema: dayOrderSummaryListSchema, signal });
}

export const sessionSummariesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...DAY_ORDERS_KEY, 'summaries', page],
    queryFn: ({ signal }) => listSessionSummaries(page, { signal }),
    placeholderData: keepPreviousData,
  });

export function useSessionSummaries(page: number) {
  return useQuery(sessionSummariesQueryOptions(page));
}
