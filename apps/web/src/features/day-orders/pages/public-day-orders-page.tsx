import { can, PANEL_BY_ROLE } from '@concejo/contracts';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSession } from '../../../lib/use-session';
import { SubscribeBox } from '../../../components/subscribe-box';
import { AgendaFeeds } from '../components/agenda-feeds';
import { DayOrdersList } from '../components/day-orders-list';

/** /ver-orden-dia: the published agendas, newest first, with their PDFs (spec 2.3). */
export function PublicDayOrdersPage() {
  useDocumentTitle('Órdenes del día');
  const role = useSession()?.role ?? null;
  const panel = role ? PANEL_BY_ROLE[role] : null;
  return (
    <>
      <DayOrdersList title="Órdenes del día" createIn={can(role, 'dayOrders.create') ? panel : null} />
      <SubscribeBox id="agendas-alert" title="Avisarme de cada nueva orden del día" followed="cada nueva orden del día de las sesiones" request={{ kind: 'day-orders' }} />
      <AgendaFeeds />
    </>
  );
}
