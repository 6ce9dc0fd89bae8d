import { DAY_ORDER_MESSAGES, SESSION_TYPE_LABELS } from '@concejo/contracts';
import { AgendaPdfLink } from '../components/agenda-pdf-link';
import Alert from 'react-bootstrap/Alert';
import Table from 'react-bootstrap/Table';
import { Link, useSearchParams } from 'react-router';
import { Loading } from '../../../components/loading';
import { isPastLastPage, Pager, pastLastPageText } from '../../../components/pager';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSessionSummaries } from '../api/list-session-summaries';
import { useCouncilDates } from '../../../components/site';
import { hasSessionDetail } from '../session-links';
import { usePanel } from '../use-panel';
import '../day-orders.scss';

const RESULTS_ID = 'session-summaries-results';

/**
 * resumen-sesion: every agenda with its session (date, time and type, so that agendas made on one day
 * tell apart, as on the public list), its creation date, its number of items and its PDF (spec 2.5.7).
 */
export function SessionSummariesPage() {
  const { formatDateTime } = useCouncilDates();
  useDocumentTitle('Resumen de sesión');
  const panel = usePanel();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = Number(searchParams.get('page'));
  const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const list = useSessionSummaries(page);
  if (!panel) return null;
  const withDetail = hasSessionDetail(panel);

  const handlePage = (next: number) => {
    setSearchParams(next > 1 ? { page: String(next) } : {});
    document.getElementById(RESULTS_ID)?.focus();
  };

  const data = list.data;
  return (
    <div>
      <h1 className="mb-3">Resumen de sesión</h1>
      <section id={RESULTS_ID} tabIndex={-1} aria-label="Órdenes del día" aria-busy={list.isFetching}>
        {list.isPending ? (
          <Loading />
        ) : list.isError && !data ? (
          <Alert variant="danger" role="alert">
            {DAY_ORDER_MESSAGES.listError}
          </Alert>
        ) : data && isPastLastPage(data) ? (
          <>
            <p>{pastLastPageText(data.current_page, data.last_page)}</p>
            <Pager currentPage={data.current_page} lastPage={data.last_page} onPageChange={handlePage} label="Paginación de resúmenes de sesión" />
          </>
        ) : data && data.data.length === 0 ? (
          <p>{DAY_ORDER_MESSAGES.noResults}</p>
        ) : data ? (
          <>
            <Table striped bordered responsive size="sm" className="bg-white align-middle summaries-table">
              <caption className="visually-hidden">Órdenes del día, de la más reciente a la más antigua</caption>
              <thead>
                <tr>
                  <th scope="col">Sesión</th>
                  <th scope="col" className="d-none d-md-table-cell">
                    Fecha de creación
                  </th>
                  <th scope="col">Total de elementos</th>
                  <th scope="col">PDF</th>
                  {withDetail && <th scope="col">Detalles</th>}
                </tr>
              </thead>
              <tbody>
                {data.data.map((summary) => {
                  const session = formatDateTime(summary.session_date);
                  const created = formatDateTime(summary.date_creation);
                  const of = `de la sesión del ${session}`;
                  return (
                    <tr key={summary.id}>
                      <td>
                        <span className="d-block fw-semibold">{session}</span>
                        <span className="d-block small">{SESSION_TYPE_LABELS[summary.session_type]}</span>
                        {/* On a phone the creation date joins the session's cell, as on the public list. */}
                        <span className="d-block small text-body-secondary d-md-none">Creada el {created}</span>
                      </td>
                      <td className="text-nowrap d-none d-md-table-cell">{created}</td>
                      <td>{summary.total_regulations}</td>
                      <td className="text-nowrap">
                        <AgendaPdfLink href={summary.pdf_path} of={of} />
                      </td>
                      {withDetail && (
                        <td>
                          <Link to={paths.panel.sessionSummary.getHref(panel, summary.id)}>
                            Ver detalles <span className="visually-hidden">de la orden del día {of}</span>
                          </Link>
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </Table>
            <Pager currentPage={data.current_page} lastPage={data.last_page} onPageChange={handlePage} label="Paginación de resúmenes de sesión" />
          </>
        ) : null}
      </section>
    </div>
  );
}
