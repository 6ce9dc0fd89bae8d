import { REGULATION_MESSAGES } from '@concejo/contracts';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Loading } from '../../../components/loading';
import { Pager } from '../../../components/pager';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePublishedRegulations } from '../api/list-published-regulations';
import { FEED_HREF, FEED_TITLE } from '../api/open-data';
import { OpenDataLinks } from '../components/open-data-links';
import { ResultsTable } from '../components/results-table';
import { SearchFilters } from '../components/search-filters';
import { listSummary, readFilterParams, writeFilterParams, type PublicRegulationFilters } from '../filters';
import { useFeedLink } from '../use-feed-link';

const RESULTS_ID = 'public-regulations-results';

/** /normativas: the public search of the registry (spec 2.3), its filters kept in the address. */
export function PublicRegulationsPage() {
  useDocumentTitle('Normativas');
  useFeedLink(FEED_HREF, FEED_TITLE);
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.toString();
  // One object per address, so that the query key and the form see the same filters across renders.
  const { filters, page } = useMemo(() => readFilterParams(new URLSearchParams(query)), [query]);
  const list = usePublishedRegulations(filters, page);
  const data = list.data;

  const handleApply = (next: PublicRegulationFilters) => setSearchParams(writeFilterParams(next, 1));
  // Each page is a link (it works without JavaScript); with it, the link navigates in place.
  const pageHref = (next: number) => ({ search: writeFilterParams(filters, next).toString() });
  const handlePage = () => {
    // The pager disappears under the new rows: take keyboard and screen-reader users to the results.
    document.getElementById(RESULTS_ID)?.focus();
  };

  const status = data ? (data.data.length > 0 ? listSummary(data.current_page, data.per_page, data.data.length, data.total) : REGULATION_MESSAGES.noResults) : '';
  const serverMessage = list.error instanceof ApiError && list.error.status === 422 ? list.error.message : '';

  return (
    <div className="public-regulations-page">
      <h1 className="mb-3">Normativas</h1>
      <section aria-label="Filtros de búsqueda" className="card bg-white shadow-sm mb-3">
        <div className="card-body">
          <SearchFilters filters={filters} onApply={handleApply} />
        </div>
      </section>

      <section id={RESULTS_ID} tabIndex={-1} aria-label="Resultados" aria-busy={list.isFetching} className="regulations-results-region">
        {list.isError && (
          <div className="alert alert-danger" role="alert">
            {REGULATION_MESSAGES.listError}
            {serverMessage && <span className="d-block">{serverMessage}</span>}
          </div>
        )}
        {/* Always in the page, so that a new summary is announced politely after each search. */}
        <p className="mb-2 results-summary" role="status" aria-live="polite">
          {status}
        </p>
        {list.isPending && <Loading text="Buscando normativas…" />}
        {data && data.data.length > 0 && <ResultsTable regulations={data.data} />}
        {data && <Pager currentPage={data.current_page} lastPage={data.last_page} pageHref={pageHref} onPageChange={handlePage} label="Paginación de normativas" />}
      </section>

      <OpenDataLinks filters={filters} />
    </div>
  );
}
