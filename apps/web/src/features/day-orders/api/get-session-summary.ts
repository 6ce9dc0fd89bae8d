import { DAY_ORDER_PATHS, dayOrderDetailSchema, type DayOrderDetail } from '@concejo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { DAY_ORDERS_KEY } from './keys';

/** GET /day-orders/:id: the agenda and its items by section. */
export function getSessionSummary(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<DayOrderDetail> {
  return apiClient.get(DAY_ORDER_PATHS.one(id), { schema: dayOrderDetailSchema, signal });
}

export const sessionSummaryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...DAY_ORDERS_KEY, 'detail', id],
    queryFn: ({ signal }) => getSessionSummary(id, { signal }),
  });

export function useSessionSummary(id: string) {
  return useQuery(sessionSummaryQueryOptions(id));
}
