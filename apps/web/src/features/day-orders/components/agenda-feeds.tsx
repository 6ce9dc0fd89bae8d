import { API_BASE, DAY_ORDER_PATHS } from '@concejo/contracts';

/** The newest agendas as Atom, and the sessions as a calendar to subscribe to (issue 17). */
export const AGENDAS_FEED = { href: `${API_BASE}${DAY_ORDER_PATHS.feed}`, title: 'Órdenes del día' };
export const SESSIONS_CALENDAR_HREF = `${API_BASE}${DAY_ORDER_PATHS.calendar}`;

/** '/ver-orden-dia': ways to follow the sessions without coming back to the page. */
export function AgendaFeeds() {
  return (
    <section aria-labelledby="agenda-feeds-title" className="mt-4">
      <h2 id="agenda-feeds-title" className="h6 mb-2">
        Seguir las sesiones
      </h2>
      <p className="mb-2 small">Agregue las sesiones a su calendario o siga las nuevas órdenes del día en su lector de noticias.</p>
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
        <li>
          <a className="btn btn-outline-primary btn-sm" href={SESSIONS_CALENDAR_HREF} type="text/calendar">
            Calendario de sesiones (iCal)
          </a>
        </li>
        <li>
          <a className="btn btn-outline-primary btn-sm" href={AGENDAS_FEED.href} type="application/atom+xml">
            Suscribirse (Atom)
          </a>
        </li>
      </ul>
    </section>
  );
}
