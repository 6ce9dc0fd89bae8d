import { can, DAY_ORDER_MESSAGES, SESSION_TYPE_LABELS, type Panel } from '@concejo/contracts';
import { lazy, Suspense } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Loading } from '../../../components/loading';
import { isPastLastPage, Pager, pastLastPageText } from '../../../components/pager';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/use-session';
import { usePublishedDayOrders } from '../api/list-published-day-orders';
import { listSummary, readPublicParams, writePublicParams, type PublicDayOrderFilters } from '../filters';
import { useCouncilDates } from '../../../components/site';
import { AgendaPdfLink } from './agenda-pdf-link';
import { PublicFilters } from './public-filters';

// Only admins delete: the button, its modal and the mutation load for them alone, not for every visitor.
const DeleteDayOrderButton = lazy(async () => ({ default: (await import('./delete-day-order-button')).DeleteDayOrderButton }));
// The editable Word document is for the staff who build agendas: its button loads in their panel only.
const AgendaDocxButton = lazy(async () => ({ default: (await import('./agenda-docx-button')).AgendaDocxButton }));

/** The results' id: each page of results opens at them (`#resultados`). */
const RESULTS_ID = 'resultados';

/**
 * The agendas, newest first, with their filters (in the address) and pager: the public /ver-orden-dia and
 * the staff's panel list show the same rows. Each row names its session (date, time, type), so two
 * agendas made on one day tell apart; an admin gets the delete button. `createIn` is the panel whose
 * builder the 'Cargar orden del día' button opens (none for visitors).
 */
export function DayOrdersList({ title, createIn }: { title: string; createIn: Panel | null }) {
  const { formatDateTime } = useCouncilDates();
  const role = useSession()?.role ?? null;
  const canDelete = can(role, 'dayOrders.delete');
  const { pathname } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const { filters, page } = readPublicParams(searchParams);
  const list = usePublishedDayOrders(filters, page);

  const handleApply = (next: PublicDayOrderFilters) => setSearchParams(writePublicParams(next, 1));
  // Each page is a link (it works without JavaScript), opening at the results; in the staff app it navigates in place.
  const pageHref = (next: number) => ({ search: writePublicParams(filters, next).toString(), hash: RESULTS_ID });
  const handlePage = () => document.getElementById(RESULTS_ID)?.focus();

  const data = list.data;
  return (
    // On the server-rendered /ver-orden-dia the session lives in the browser only: the page's script gives the
    // staff their controls (day-orders-staff: features/day-orders/staff-controls.ts) from these marks.
    <div className="day-orders-page" data-enhance="day-orders-staff">
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3" data-list-header>
        <h1 className="mb-0">{title}</h1>
        {createIn && (
          <Link className="btn btn-primary" to={paths.panel.dayOrderCreate.getHref(createIn)}>
            Cargar orden del día
          </Link>
        )}
      </div>
      <section aria-label="Filtros" className="card shadow-sm mb-3">
        <div className="card-body">
          <PublicFilters filters={filters} onApply={handleApply} action={pathname} />
        </div>
      </section>

      <section id={RESULTS_ID} tabIndex={-1} aria-label="Resultados" aria-busy={list.isFetching}>
        {list.isPending ? (
          <Loading />
        ) : list.isError && !data ? (
          <div className="alert alert-danger" role="alert">
            {DAY_ORDER_MESSAGES.listError}
          </div>
        ) : data && isPastLastPage(data) ? (
          <>
            <p className="py-3">{pastLastPageText(data.current_page, data.last_page)}</p>
            <Pager currentPage={data.current_page} lastPage={data.last_page} pageHref={pageHref} onPageChange={handlePage} label="Paginación de órdenes del día" />
          </>
        ) : data && data.data.length === 0 ? (
          <p className="py-3">{DAY_ORDER_MESSAGES.noResults}</p>
        ) : data ? (
          <>
            {list.isError && (
              <div className="alert alert-danger" role="alert">
                {DAY_ORDER_MESSAGES.listError}
              </div>
            )}
            <p className="mb-2" aria-live="polite">
              {listSummary(data.current_page, data.per_page, data.data.length, data.total)}
            </p>
            {/* Bootstrap's classes without react-bootstrap's Table and Alert: the public pages load as little as they can. */}
            <div className="table-responsive">
              <table className="table table-striped table-bordered bg-white align-middle day-orders-table">
                <caption className="visually-hidden">Órdenes del día, de la más reciente a la más antigua</caption>
                <thead>
                  <tr>
                    <th scope="col">Sesión</th>
                    <th scope="col" className="d-none d-md-table-cell">
                      Creada
                    </th>
                    <th scope="col">PDF</th>
                    {canDelete && <th scope="col">Acciones</th>}
                  </tr>
                </thead>
                <tbody>
                  {data.data.map((order) => {
                    const session = formatDateTime(order.session_date);
                    const created = formatDateTime(order.date_creation);
                    const of = `de la sesión del ${session}`;
                    return (
                      <tr key={order.id} data-day-order={order.id} data-of={of}>
                        <td>
                          <span className="d-block fw-semibold">{session}</span>
                          <span className="d-block small">{SESSION_TYPE_LABELS[order.session_type]}</span>
                          {/* On a phone the creation date joins the session's cell: three columns fit in 390 px. */}
                          <span className="d-block small text-body-secondary d-md-none">Creada el {created}</span>
                        </td>
                        <td className="text-nowrap d-none d-md-table-cell">{created}</td>
                        <td className="text-nowrap">
                          <AgendaPdfLink href={order.pdf_path} of={of} />
                          {createIn && (
                            <Suspense fallback={null}>
                              <AgendaDocxButton id={order.id} of={of} />
                            </Suspense>
                          )}
                        </td>
                        {canDelete && (
                          <td>
                            <Suspense fallback={null}>
                              <DeleteDayOrderButton id={order.id} of={of} />
                            </Suspense>
                          </td>
                        )}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <Pager currentPage={data.current_page} lastPage={data.last_page} pageHref={pageHref} onPageChange={handlePage} label="Paginación de órdenes del día" />
          </>
        ) : null}
      </section>
    </div>
  );
}
