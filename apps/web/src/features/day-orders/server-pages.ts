import { councilName } from '../../server/page-text';
import type { ServerPage } from '../../server/server-page';
import { publishedDayOrdersQueryOptions } from './api/list-published-day-orders';
import { AGENDAS_FEED } from './components/agenda-feeds';
import { readPublicParams, writePublicParams } from './filters';

/** '/ver-orden-dia': the page of agendas in the address comes in the first HTML. */
export const publicDayOrdersServerPage: ServerPage = {
  reading: true,
  preload: ({ queryClient, url }) => {
    const { filters, page } = readPublicParams(url.searchParams);
    return queryClient.prefetchQuery(publishedDayOrdersQueryOptions(filters, page));
  },
  head: ({ queryClient, url }) => {
    const { filters, page } = readPublicParams(url.searchParams);
    const query = writePublicParams(filters, page).toString();
    return {
      title: 'Órdenes del día',
      canonical: `${url.pathname}${query ? `?${query}` : ''}`,
      feed: AGENDAS_FEED,
      description: `Las órdenes del día de las sesiones del ${councilName(queryClient)}, con su PDF.`,
    };
  },
};
