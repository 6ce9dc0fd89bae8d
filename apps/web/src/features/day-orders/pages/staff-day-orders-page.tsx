import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DayOrdersList } from '../components/day-orders-list';
import { usePanel } from '../use-panel';

/**
 * ordenes-del-dia (admin, asesor): the agendas inside the panel, so that managing them keeps the staff
 * menu (issue 12): the builder one click away, the PDFs, and delete for the admin.
 */
export function StaffDayOrdersPage() {
  useDocumentTitle('Gestionar órdenes del día');
  const panel = usePanel();
  return (
    <div className="day-orders-page">
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
        <h1 className="mb-0">Gestionar órdenes del día</h1>
        {panel && (
          <Link className="btn btn-primary" to={paths.panel.dayOrderCreate.getHref(panel)}>
            Cargar orden del día
          </Link>
        )}
      </div>
      <DayOrdersList />
    </div>
  );
}
