import { councilName } from '../../server/page-text';
import type { ServerPage } from '../../server/server-page';
import { publishedRegulationsQueryOptions } from './api/list-published-regulations';
import { readFilterParams } from './filters';

/** '/normativas': the results of the search in the address come in the first HTML. */
export const publicRegulationsServerPage: ServerPage = {
  preload: ({ queryClient, url }) => {
    const { filters, page } = readFilterParams(url.searchParams);
    return queryClient.prefetchQuery(publishedRegulationsQueryOptions(filters, page));
  },
  head: ({ queryClient, url }) => {
    const { filters } = readFilterParams(url.searchParams);
    const council = councilName(queryClient);
    return {
      title: 'Normativas',
      description: filters.search
        ? `Normativas del ${council} que mencionan «${filters.search}».`
        : `Ordenanzas, resoluciones, decretos y declaraciones del ${council}: buscá por número, tipo, fecha o texto y descargá el PDF.`,
    };
  },
};
