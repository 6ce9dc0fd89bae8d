import {
  AGENDA_SECTION_NUMBERS,
  AGENDA_SECTION_TITLES,
  AGENDA_SECTIONS,
  DAY_ORDER_MESSAGES,
  PREVIOUS_MINUTES_TITLE,
  REGULATION_STATE_LABELS,
  REGULATION_TYPE_LABELS,
  SESSION_TYPE_LABELS,
  type DayOrderItem,
} from '@concejo/contracts';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { Link, useParams } from 'react-router';
import { Loading } from '../../../components/loading';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSessionSummary } from '../api/get-session-summary';
import { useCouncilDates } from '../../../components/site';
import { usePanel } from '../use-panel';
import '../day-orders.scss';

function ItemCard({ label, item }: { label: string; item: DayOrderItem }) {
  const { formatDateTime } = useCouncilDates();
  const regulation = item.regulation;
  return (
    <Card as="li" className="agenda-item-card shadow-sm mb-2">
      <Card.Body>
        {regulation ? (
          <>
            <Card.Title as="h3">
              {label} · Cargo N° {regulation.cargo} – {REGULATION_TYPE_LABELS[regulation.type]}
              {regulation.number !== null && ` N° ${regulation.number}`}
            </Card.Title>
            <p className="agenda-subject mb-2">{regulation.subject}</p>
            <dl className="agenda-item-facts small mb-0">
              <div>
                <dt>{regulation.authors.length > 1 ? 'Autores' : 'Autor'}</dt>
                <dd>{regulation.authors.length ? regulation.authors.join(', ') : '—'}</dd>
              </div>
              <div>
                <dt>Estado</dt>
                <dd>{REGULATION_STATE_LABELS[regulation.state]}</dd>
              </div>
              <div>
                <dt>Fecha de creación</dt>
                <dd>{formatDateTime(regulation.created_at)}</dd>
              </div>
            </dl>
            {(regulation.pdf_process || regulation.pdf_approved) && (
              <p className="mb-0 mt-2 d-flex flex-wrap gap-3">
                {regulation.pdf_process && (
                  <a href={regulation.pdf_process} target="_blank" rel="noopener">
                    PDF en proceso<span className="visually-hidden"> de {label} (se abre en una pestaña nueva)</span>
                  </a>
                )}
                {regulation.pdf_approved && (
                  <a href={regulation.pdf_approved} target="_blank" rel="noopener">
                    PDF aprobado<span className="visually-hidden"> de {label} (se abre en una pestaña nueva)</span>
                  </a>
                )}
              </p>
            )}
          </>
        ) : (
          <p className="agenda-subject mb-0">
            <span className="fw-semibold me-1">{label}</span>
            {item.custom_text}
          </p>
        )}
      </Card.Body>
    </Card>
  );
}

/** resumen-sesion/:id: the agenda's header and its items as cards, by numbered section (spec 2.5.8). */
export function SessionSummaryPage() {
  const { formatDateTime, isoToLocal } = useCouncilDates();
  useDocumentTitle('Detalle de la sesión');
  const { id = '' } = useParams();
  const panel = usePanel();
  const summary = useSessionSummary(id);

  const back = panel && (
    <p>
      <Link to={paths.panel.sessionSummaries.getHref(panel)}>Volver al resumen de sesión</Link>
    </p>
  );

  if (summary.isPending) return <Loading />;
  if (summary.isError) {
    const notFound = summary.error instanceof ApiError && (summary.error.status === 404 || summary.error.status === 422);
    return (
      <div>
        <h1 className="mb-3">Detalle de la sesión</h1>
        <Alert variant={notFound ? 'warning' : 'danger'} role="alert">
          {notFound ? DAY_ORDER_MESSAGES.detailNotFound : DAY_ORDER_MESSAGES.detailError}
        </Alert>
        {back}
      </div>
    );
  }

  const { day_order: order, items_by_section: sections } = summary.data;
  const total = AGENDA_SECTIONS.reduce((sum, section) => sum + sections[section].length, 0);
  return (
    <div>
      <h1 className="mb-3">Detalle de la sesión</h1>
      {back}
      <section aria-label="Datos de la orden del día" className="card shadow-sm mb-4">
        <div className="card-body">
          <dl className="agenda-header-facts mb-3">
            <div>
              <dt>Tipo de sesión</dt>
              <dd>{SESSION_TYPE_LABELS[order.session_type]}</dd>
            </div>
            <div>
              <dt>Fecha de la sesión</dt>
              <dd>{formatDateTime(order.session_date)}</dd>
            </div>
            <div>
              <dt>Fecha de creación</dt>
              <dd>{formatDateTime(order.date_creation)}</dd>
            </div>
            <div>
              <dt>Total de elementos</dt>
              <dd>{total}</dd>
            </div>
          </dl>
          <div className="d-flex flex-wrap gap-2">
            {order.pdf_path && (
              <a className="btn btn-primary" href={order.pdf_path} target="_blank" rel="noopener">
                Ver PDF de la orden del día<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
              </a>
            )}
            {/* A signed link that expires: the page asks for a new one whenever it is looked at again. */}
            {order.docx_path && (
              <a className="btn btn-outline-primary" href={order.docx_path} download={`orden-del-dia-${isoToLocal(order.session_date).slice(0, 10)}.docx`}>
                Descargar en Word (editable)
              </a>
            )}
          </div>
        </div>
      </section>

      <h2 className="h4">1. {PREVIOUS_MINUTES_TITLE}</h2>
      <p>Acta N° {order.previous_minutes}</p>
      {total === 0 && (
        <Alert variant="info" role="status">
          {DAY_ORDER_MESSAGES.detailEmpty}
        </Alert>
      )}
      {AGENDA_SECTIONS.map((section) => {
        const number = AGENDA_SECTION_NUMBERS[section];
        const items = sections[section];
        return (
          <section key={section} aria-labelledby={`section-${section}`} className="mb-4">
            <h2 id={`section-${section}`} className="h4">
              {number}. {AGENDA_SECTION_TITLES[section]}
            </h2>
            {items.length === 0 ? (
              <p className="text-body-secondary">{DAY_ORDER_MESSAGES.emptySection}</p>
            ) : (
              <ul className="list-unstyled mb-0">
                {items.map((item, index) => (
                  <ItemCard key={item.id} label={`${number}.${index + 1}`} item={item} />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
