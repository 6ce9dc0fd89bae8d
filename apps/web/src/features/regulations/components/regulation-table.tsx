import { REGULATION_STATE_LABELS, AUTHOR_TYPE_LABELS, type Panel, type StaffRegulationListItem } from '@concejo/contracts';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { authorSummary, hasLegalForce, regulationName, typeLabel } from '../format';
import { LegalForceBadge } from '../../../components/legal-force-badge';
import { useCouncilDates } from '../../../components/site';

type RegulationTableProps = {
  rows: StaffRegulationListItem[];
  panel: Panel;
  onDelete: (row: StaffRegulationListItem) => void;
};

function Actions({ row, panel, onDelete }: { row: StaffRegulationListItem; panel: Panel; onDelete: (row: StaffRegulationListItem) => void }) {
  const name = regulationName(row);
  const pdf = row.pdf_approved ?? row.pdf_process;
  return (
    // One compact row of actions on wider screens (the column grows to hold it, rows stay one line tall);
    // on a phone's card they wrap, so that none runs off a 320 px screen.
    <div className="regulation-actions d-flex gap-1">
      {pdf && (
        <a className="btn btn-sm btn-outline-primary" href={pdf} target="_blank" rel="noreferrer" aria-label={`PDF de ${name} (se abre en otra pestaña)`}>
          PDF
        </a>
      )}
      {row.can.update && (
        <Link className="btn btn-sm btn-outline-primary" to={paths.panel.regulationEdit.getHref(panel, row.id)} aria-label={`Modificar ${name}`}>
          Modificar
        </Link>
      )}
      {row.can.delete && (
        <Button size="sm" variant="outline-danger" onClick={() => onDelete(row)} aria-label={`Eliminar ${name}`}>
          Eliminar
        </Button>
      )}
      {row.can.details && (
        <Link className="btn btn-sm btn-outline-primary" to={paths.panel.regulationDetails.getHref(panel, row.id)} aria-label={`Detalles de ${name}`}>
          Detalles
        </Link>
      )}
    </div>
  );
}

/** The staff list (spec 2.5.1); on phones each row becomes a card with its labels (stack-on-phone). */
export function RegulationTable({ rows, panel, onDelete }: RegulationTableProps) {
  const { formatDateTime } = useCouncilDates();
  return (
    <Table striped hover className="regulation-table stack-on-phone align-middle bg-white mb-3">
      <caption className="visually-hidden">Normativas</caption>
      <thead>
        <tr>
          <th scope="col">Tipo</th>
          <th scope="col">N°</th>
          <th scope="col">Cargo N°</th>
          <th scope="col">Tema</th>
          <th scope="col">Fecha de creación</th>
          <th scope="col">Estado</th>
          <th scope="col">Tipo de Autor</th>
          <th scope="col">Autor</th>
          <th scope="col">Acciones</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td data-label="Tipo">
              {typeLabel(row.type, row.dem_type)}
              {row.is_old === 1 && <span className="badge text-bg-secondary ms-1">Antigua</span>}
            </td>
            <td data-label="N°">{row.number ?? '—'}</td>
            <td data-label="Cargo N°">
              {/* One box, so that a phone's card keeps it beside its label; the expediente under the cargo (DESIGN.md 9.2). */}
              <div>
                {row.cargo}
                {row.expediente && <span className="d-block small text-body-secondary text-nowrap">Expte. {row.expediente}</span>}
              </div>
            </td>
            <td data-label="Tema" className="regulation-subject">
              {row.subject || (row.keywords.length ? row.keywords.map((keyword) => keyword.word).join(', ') : '—')}
            </td>
            <td data-label="Fecha de creación">{formatDateTime(row.created_at)}</td>
            <td data-label="Estado">
              {/* One box, so that a phone's card keeps it beside its label. The legal force goes under the
                  state: a column of its own would not fit beside the spec's columns. */}
              <div>
                {REGULATION_STATE_LABELS[row.state]}
                {hasLegalForce(row) && (
                  <span className="d-block">
                    <span className="visually-hidden">Vigencia: </span>
                    <LegalForceBadge legalForce={row.legal_force} type={row.type} />
                  </span>
                )}
              </div>
            </td>
            <td data-label="Tipo de Autor">{row.author_type ? AUTHOR_TYPE_LABELS[row.author_type] : '—'}</td>
            <td data-label="Autor">{authorSummary(row.authors)}</td>
            <td data-label="Acciones">
              <Actions row={row} panel={panel} onDelete={onDelete} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
