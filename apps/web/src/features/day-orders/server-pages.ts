import { councilName } from '../../server/page-text';
import type { ServerPage } from '../../server/server-page';
import { publishedDayOrdersQueryOptions } from './api/list-published-day-orders';
import { readPublicParams } from './filters';

/** '/ver-orden-dia': the page of agendas in the address comes in the first HTML. */
export const publicDayOrdersServerPage: ServerPage = {
  preload: ({ queryClient, url }) => {
    const { filters, page } = readPublicParams(url.searchParams);
    return queryClient.prefetchQuery(publishedDayOrdersQueryOptions(filters, page));
  },
  head: ({ queryClient }) => ({
    title: 'Ordenes del día',
    description: `Las órdenes del día de las sesiones del ${councilName(queryClient)}, con su PDF.`,
  }),
};
