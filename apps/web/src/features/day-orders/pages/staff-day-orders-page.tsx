import { useDocumentTitle } from '../../../lib/use-document-title';
import { DayOrdersList } from '../components/day-orders-list';
import { usePanel } from '../use-panel';

/**
 * ordenes-del-dia (admin, asesor): the agendas inside the panel, so that managing them keeps the staff
 * menu (issue 12): the builder one click away, the PDFs, and delete for the admin.
 */
export function StaffDayOrdersPage() {
  useDocumentTitle('Gestionar Órdenes del día');
  return <DayOrdersList title="Gestionar Órdenes del día" createIn={usePanel()} />;
}
