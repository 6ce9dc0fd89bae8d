import { councilName } from '../../server/page-text';
import type { ServerPage } from '../../server/server-page';
import { publishedRegulationsQueryOptions } from './api/list-published-regulations';
import { FEED_HREF, FEED_TITLE } from './api/open-data';
import { readFilterParams, writeFilterParams } from './filters';

/** '/normativas': the results of the search in the address come in the first HTML. */
export const publicRegulationsServerPage: ServerPage = {
  reading: true,
  preload: ({ queryClient, url }) => {
    const { filters, page } = readFilterParams(url.searchParams);
    return queryClient.prefetchQuery(publishedRegulationsQueryOptions(filters, page));
  },
  head: ({ queryClient, url }) => {
    const { filters, page } = readFilterParams(url.searchParams);
    const query = writeFilterParams(filters, page).toString();
    const council = councilName(queryClient);
    return {
      title: 'Normativas',
      // A search sent without JavaScript carries its empty fields too: one address per search.
      canonical: `${url.pathname}${query ? `?${query}` : ''}`,
      feed: { href: FEED_HREF, title: FEED_TITLE },
      description: filters.search
        ? `Normativas del ${council} que mencionan «${filters.search}».`
        : `Ordenanzas, resoluciones, decretos y declaraciones del ${council}: buscá por número, tipo, fecha o texto y descargá el PDF.`,
    };
  },
};
