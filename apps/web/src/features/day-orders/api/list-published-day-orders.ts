import { DAY_ORDER_PATHS, type PublishedDayOrderList } from '@concejo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { fields, pageAnswer } from '../../../lib/public-answers';
import type { PublicDayOrderFilters } from '../filters';
import { PUBLISHED_DAY_ORDERS_KEY } from './keys';

/** What the list reads of each row; checked by hand, as the public pages do, rather than with zod. */
const ROW_FIELDS = fields({ id: 'number', date_creation: 'string', session_date: 'string', session_type: 'string' });

/** GET /day-orders/published: one page of the public list, newest first. */
export function listPublishedDayOrders(filters: PublicDayOrderFilters, page: number, { signal }: { signal?: AbortSignal } = {}): Promise<PublishedDayOrderList> {
  return apiClient.get(DAY_ORDER_PATHS.published, { query: { ...filters, page }, schema: pageAnswer<PublishedDayOrderList>('agendas', ROW_FIELDS), signal });
}

export const publishedDayOrdersQueryOptions = (filters: PublicDayOrderFilters, page: number) =>
  queryOptions({
    queryKey: [...PUBLISHED_DAY_ORDERS_KEY, filters, page],
    queryFn: ({ signal }) => listPublishedDayOrders(filters, page, { signal }),
    placeholderData: keepPreviousData,
  });

export function usePublishedDayOrders(filters: PublicDayOrderFilters, page: number) {
  return useQuery(publishedDayOrdersQueryOptions(filters, page));
}
