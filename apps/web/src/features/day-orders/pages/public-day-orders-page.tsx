import { can, DAY_ORDER_MESSAGES, PANEL_BY_ROLE } from '@concejo/contracts';
import { AgendaPdfLink } from '../components/agenda-pdf-link';
import { lazy, Suspense } from 'react';
import Alert from 'react-bootstrap/Alert';
import Table from 'react-bootstrap/Table';
import { Link, useSearchParams } from 'react-router';
import { Loading } from '../../../components/loading';
import { Pager } from '../../../components/pager';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSession } from '../../../lib/use-session';
import { usePublishedDayOrders } from '../api/list-published-day-orders';
import { PublicFilters } from '../components/public-filters';
import { listSummary, readPublicParams, writePublicParams, type PublicDayOrderFilters } from '../filters';
import { formatDateTime } from '../format';

// Only admins delete: the button, its modal and the mutation load for them alone, not for every visitor.
const DeleteDayOrderButton = lazy(async () => ({ default: (await import('../components/delete-day-order-button')).DeleteDayOrderButton }));

const RESULTS_ID = 'day-orders-results';

/** /ver-orden-dia: the published agendas, newest first, with their PDFs (spec 2.3). */
export function PublicDayOrdersPage() {
  useDocumentTitle('Ordenes del día');
  const session = useSession();
  const role = session?.role ?? null;
  const panel = role ? PANEL_BY_ROLE[role] : null;
  const canDelete = can(role, 'dayOrders.delete');
  const canCreate = can(role, 'dayOrders.create') && panel !== null;
  const [searchParams, setSearchParams] = useSearchParams();
  const { filters, page } = readPublicParams(searchParams);
  const list = usePublishedDayOrders(filters, page);

  const handleApply = (next: PublicDayOrderFilters) => setSearchParams(writePublicParams(next, 1));
  const handlePage = (next: number) => {
    setSearchParams(writePublicParams(filters, next));
    document.getElementById(RESULTS_ID)?.focus();
  };

  const data = list.data;
  return (
    <div className="day-orders-page">
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
        <h1 className="mb-0">Ordenes del día</h1>
        {canCreate && panel && (
          <Link className="btn btn-primary" to={paths.panel.dayOrderCreate.getHref(panel)}>
            Cargar orden del día
          </Link>
        )}
      </div>
      <section aria-label="Filtros" className="card shadow-sm mb-3">
        <div className="card-body">
          <PublicFilters filters={filters} onApply={handleApply} />
        </div>
      </section>

      <section id={RESULTS_ID} tabIndex={-1} aria-label="Resultados" aria-busy={list.isFetching}>
        {list.isPending ? (
          <Loading />
        ) : list.isError && !data ? (
          <Alert variant="danger" role="alert">
            {DAY_ORDER_MESSAGES.listError}
          </Alert>
        ) : data && data.data.length === 0 ? (
          <p className="py-3">{DAY_ORDER_MESSAGES.noResults}</p>
        ) : data ? (
          <>
            {list.isError && (
              <Alert variant="danger" role="alert">
                {DAY_ORDER_MESSAGES.listError}
              </Alert>
            )}
            <p className="mb-2" aria-live="polite">
              {listSummary(data.current_page, data.per_page, data.data.length, data.total)}
            </p>
            <Table striped bordered responsive className="bg-white align-middle">
              <caption className="visually-hidden">Órdenes del día publicadas, de la más reciente a la más antigua</caption>
              <thead>
                <tr>
                  <th scope="col">Fecha de creación</th>
                  <th scope="col">PDF</th>
                  {canDelete && <th scope="col">Acciones</th>}
                </tr>
              </thead>
              <tbody>
                {data.data.map((order) => {
                  const created = formatDateTime(order.date_creation);
                  return (
                    <tr key={order.id}>
                      <td>{created}</td>
                      <td>
                        <AgendaPdfLink href={order.pdf_path} created={created} />
                      </td>
                      {canDelete && (
                        <td>
                          <Suspense fallback={null}>
                            <DeleteDayOrderButton id={order.id} label={created} />
                          </Suspense>
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </Table>
            <Pager currentPage={data.current_page} lastPage={data.last_page} onPageChange={handlePage} label="Paginación de órdenes del día" />
          </>
        ) : null}
      </section>
    </div>
  );
}
