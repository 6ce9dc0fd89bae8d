import { followedSearchText, REGULATION_MESSAGES } from '@concejo/contracts';
import { useSearchParams } from 'react-router';
import { isPastLastPage, Pager, pastLastPageText } from '../../../components/pager';
import { ApiError } from '../../../lib/api-client';
import { SubscribeBox } from '../../../components/subscribe-box';
import { usePublishedRegulations } from '../api/list-published-regulations';
import { OpenDataLinks } from '../components/open-data-links';
import { ResultsTable } from '../components/results-table';
import { SearchFilters } from '../components/search-filters';
import { followedFilters, listSummary, readFilterParams, writeFilterParams } from '../filters';

/** The results' id: each page of results opens at them (`#resultados`). */
const RESULTS_ID = 'resultados';

/**
 * /normativas: the public search of the registry (spec 2.3), rendered on the server for the filters in
 * its address; the form is a GET form and each page of results a link.
 */
export function PublicRegulationsPage() {
  const { filters, page } = readFilterParams(useSearchParams()[0]);
  const list = usePublishedRegulations(filters, page);
  const data = list.data;
  const followed = followedFilters(filters);
  const pageHref = (next: number) => ({ search: writeFilterParams(filters, next).toString(), hash: RESULTS_ID });

  const status = !data
    ? ''
    : data.data.length > 0
      ? listSummary(data.current_page, data.per_page, data.data.length, data.total, data.total_capped)
      : isPastLastPage(data)
        ? pastLastPageText(data.current_page, data.last_page)
        : REGULATION_MESSAGES.noResults;
  const serverMessage = list.error instanceof ApiError && list.error.status === 422 ? list.error.message : '';

  return (
    <div className="public-regulations-page">
      <h1 className="mb-3">Normativas</h1>
      <section aria-label="Filtros de búsqueda" className="card bg-white shadow-sm mb-3">
        <div className="card-body">
          <SearchFilters filters={filters} />
        </div>
      </section>

      <section id={RESULTS_ID} tabIndex={-1} aria-label="Resultados" className="regulations-results-region">
        {list.isError && (
          <div className="alert alert-danger" role="alert">
            {REGULATION_MESSAGES.listError}
            {serverMessage && <span className="d-block">{serverMessage}</span>}
          </div>
        )}
        <p className="mb-2 results-summary">{status}</p>
        {data && data.data.length > 0 && <ResultsTable regulations={data.data} />}
        {data && <Pager currentPage={data.current_page} lastPage={data.last_page} pageHref={pageHref} label="Paginación de normativas" />}
      </section>

      <SubscribeBox id="search-alert" title="Avisarme de nuevas normativas como estas" followed={followedSearchText(followed)} request={{ kind: 'search', filters: followed }} />
      <OpenDataLinks filters={filters} />
    </div>
  );
}
