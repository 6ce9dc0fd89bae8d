import { DAY_ORDER_PATHS, dayOrderSourcesSchema, type DayOrderSources } from '@concejo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export type SourcesRange = { startDate: string; endDate: string };

/** GET /day-orders/sources: the regulations in process created in the range, by agenda section. */
export function getDayOrderSources(range: SourcesRange): Promise<DayOrderSources> {
  return apiClient.get(DAY_ORDER_PATHS.sources, { query: range, schema: dayOrderSourcesSchema });
}

/** A search the user starts with a button, so a mutation rather than a query that runs by itself. */
export function useDayOrderSources() {
  return useMutation({ mutationFn: getDayOrderSources });
}
