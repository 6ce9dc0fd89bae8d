import { can, PANEL_BY_ROLE } from '@concejo/contracts';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSession } from '../../../lib/use-session';
import { DayOrdersList } from '../components/day-orders-list';

/** /ver-orden-dia: the published agendas, newest first, with their PDFs (spec 2.3). */
export function PublicDayOrdersPage() {
  useDocumentTitle('Ordenes del día');
  const role = useSession()?.role ?? null;
  const panel = role ? PANEL_BY_ROLE[role] : null;
  const canCreate = can(role, 'dayOrders.create') && panel !== null;
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
      <DayOrdersList />
    </div>
  );
}
