import { AUTHOR_TYPE_LABELS, REGULATION_MESSAGES, REGULATION_STATE_LABELS, can, formatActionDay, type LinkedRegulationRef, type Panel, type RegulationDetail, type Role } from '@concejo/contracts';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Link, useParams } from 'react-router';
import { Loading } from '../../../components/loading';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRegulation } from '../api/get-regulation';
import { LegalForceBadge } from '../../../components/legal-force-badge';
import { useCouncilDates } from '../../../components/site';
import { hasLegalForce, linkKindLabel, regulationName, typeLabel, type LinkSide } from '../format';
import { historyAuthor, historyFieldLabel, historyValueLabel } from '../history-labels';
import { useStaffContext } from '../use-staff-context';
import { RegulationActions } from '../components/regulation-actions';
import { LegalForceFacts } from '../components/legal-force-facts';
import '../regulations.scss';

function PdfLink({ url, label }: { url: string | null; label: string }) {
  if (!url) return <>Sin PDF</>;
  return (
    <a href={url} target="_blank" rel="noreferrer">
      {label}
      <span className="visually-hidden"> (se abre en otra pestaña)</span>
    </a>
  );
}

/** Each linked norm after its link's kind: "Deroga: Ordenanza N° 12 – Tránsito pesado", "Derogada por: ...". */
function NormLinks({ norms, side, panel }: { norms: LinkedRegulationRef[]; side: LinkSide; panel: Panel }) {
  if (!norms.length) return <>Ninguna</>;
  return (
    <ul className="list-unstyled mb-0">
      {norms.map((norm) => (
        <li key={norm.id}>
          <span className="regulation-link-kind">{linkKindLabel(norm.kind, side)}:</span> <Link to={paths.panel.regulationDetails.getHref(panel, norm.id)}>{regulationName(norm)}</Link>
          {norm.subject && <span> – {norm.subject}</span>}
          {norm.until && <span> (hasta el {formatActionDay(norm.until)})</span>}
          {norm.note && <span className="d-block text-body-secondary small">{norm.note}</span>}
        </li>
      ))}
    </ul>
  );
}

function History({ detail }: { detail: RegulationDetail }) {
  const dates = useCouncilDates();
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="regulation-history-title" className="mt-4">
      <h2 id="regulation-history-title" className="h4">
        Historial de modificaciones
      </h2>
      <Button variant="outline-primary" aria-expanded={open} aria-controls="regulation-history" onClick={() => setOpen((value) => !value)}>
        {open ? 'Ocultar historial' : 'Mostrar historial'}
      </Button>
      <div id="regulation-history" hidden={!open} className="mt-3">
        {detail.modifications.length === 0 ? (
          <p>Esta normativa no tiene modificaciones.</p>
        ) : (
          <Table striped bordered className="bg-white stack-on-phone">
            <caption className="visually-hidden">Historial de modificaciones</caption>
            <thead>
              <tr>
                <th scope="col">Autor</th>
                <th scope="col">Fecha</th>
                <th scope="col">Campo modificado</th>
                <th scope="col">Valor anterior</th>
                <th scope="col">Valor nuevo</th>
              </tr>
            </thead>
            <tbody>
              {detail.modifications.map((entry) => (
                <tr key={entry.id}>
                  <td data-label="Autor">{historyAuthor(entry)}</td>
                  <td data-label="Fecha">{dates.formatDateTime(entry.updated_at)}</td>
                  <td data-label="Campo modificado">{historyFieldLabel(entry.name_cell)}</td>
                  <td data-label="Valor anterior">{historyValueLabel(entry.name_cell, entry.old_cell, dates)}</td>
                  <td data-label="Valor nuevo">{historyValueLabel(entry.name_cell, entry.new_cell, dates)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </div>
    </section>
  );
}

function Details({ detail, panel, role }: { detail: RegulationDetail; panel: Panel; role: Role }) {
  const { formatDateTime } = useCouncilDates();
  return (
    <>
      {/* At the top, before anything else: whether the norm still rules is what is asked of it first. */}
      {hasLegalForce(detail) && (
        <p className="regulation-legal-force mb-3">
          Vigencia: <LegalForceBadge legalForce={detail.legal_force} type={detail.type} className="fs-6" />
        </p>
      )}
      <Card className="shadow-sm">
        <Card.Body>
          <dl className="regulation-details mb-0">
            <dt>Tipo</dt>
            <dd>{typeLabel(detail.type, detail.dem_type)}</dd>
            <dt>Número</dt>
            <dd>{detail.number ?? 'Sin número'}</dd>
            <dt>Cargo N°</dt>
            <dd>{detail.cargo}</dd>
            <dt>Expediente</dt>
            <dd>{detail.expediente ?? '—'}</dd>
            <dt>Fecha de creación</dt>
            <dd>{formatDateTime(detail.created_at)}</dd>
            <dt>Tipo de autor</dt>
            <dd>{detail.author_type ? AUTHOR_TYPE_LABELS[detail.author_type] : '—'}</dd>
            <dt>Autores</dt>
            <dd>{detail.authors.length ? detail.authors.map((author) => author.name).join(', ') : '—'}</dd>
            <dt>Estado</dt>
            <dd>{REGULATION_STATE_LABELS[detail.state]}</dd>
            <dt>Palabras clave</dt>
            <dd>{detail.keywords.length ? detail.keywords.map((keyword) => keyword.word).join(', ') : '—'}</dd>
            <dt>Tema</dt>
            <dd className="regulation-subject">{detail.subject || '—'}</dd>
            <dt>PDF en proceso</dt>
            <dd>
              <PdfLink url={detail.pdf_process} label="Ver PDF en proceso" />
            </dd>
            <dt>PDF aprobado</dt>
            <dd>
              <PdfLink url={detail.pdf_approved} label="Ver PDF aprobado" />
            </dd>
            <dt>Normas que modifica</dt>
            <dd>
              <NormLinks norms={detail.regulations_modified} side="outgoing" panel={panel} />
            </dd>
            <dt>Normas que la modifican</dt>
            <dd>
              <NormLinks norms={detail.regulations_that_modify} side="incoming" panel={panel} />
            </dd>
          </dl>
        </Card.Body>
      </Card>
      {detail.can.update && (
        <p className="mt-3 mb-0">
          <Link to={paths.panel.regulationEdit.getHref(panel, detail.id)}>Modificar normativa</Link>
        </p>
      )}
      <RegulationActions detail={detail} />
      {can(role, 'regulations.link') && (hasLegalForce(detail) || detail.regulations_modified.length + detail.regulations_that_modify.length > 0) && <LegalForceFacts detail={detail} />}
      <History detail={detail} />
    </>
  );
}

/** detalles/:id: everything about one regulation, its links and its history (spec 2.5.5). */
export function RegulationDetailsPage() {
  const staff = useStaffContext();
  const id = Number(useParams().id);
  const regulation = useRegulation(id);
  const detail = regulation.data;
  useDocumentTitle(detail ? regulationName(detail) : 'Detalles de la normativa');
  if (!staff) return null;

  const notFound = !Number.isInteger(id) || id <= 0 || (regulation.error instanceof ApiError && regulation.error.status === 404);
  return (
    <div className="regulation-details-page">
      <h1 className="mb-3">{detail ? regulationName(detail) : 'Detalles de la normativa'}</h1>
      {notFound ? (
        <Alert variant="warning">{REGULATION_MESSAGES.noData}</Alert>
      ) : regulation.isPending ? (
        <Loading text="Cargando normativa…" />
      ) : regulation.isError ? (
        <Alert variant="danger">{REGULATION_MESSAGES.detailError}</Alert>
      ) : detail ? (
        <Details detail={detail} panel={staff.panel} role={staff.role} />
      ) : null}
      <p className="mt-4 mb-0">
        <Link to={paths.panel.root.getHref(staff.panel)}>Volver al listado de normativas</Link>
      </p>
    </div>
  );
}
