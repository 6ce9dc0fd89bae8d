import { formatActionDay, isPublicRegulationType, REGULATION_TYPE_LABELS, SITE_PATHS, type PublishedRegulation } from '@concejo/contracts';
import { matchSentence, ofRegulation, regulationName } from '../format';
import { LegalForceBadge } from '../../../components/legal-force-badge';
import { useCouncilDates } from '../../../components/site';
import { MatchExcerpt } from './match-excerpt';

/** The address of a result's own page: a public norm's (a public type and a number), or a project's in trámite (its expediente). */
function pageOf({ type, number, expediente }: PublishedRegulation): string | undefined {
  if (!isPublicRegulationType(type)) return undefined;
  if (number !== null) return SITE_PATHS.regulation(type, number);
  return expediente ? SITE_PATHS.project(expediente) : undefined;
}

const COLUMNS = { type: 'Tipo', number: 'N°', subject: 'Tema', keywords: 'Palabras clave', created: 'Fecha de creación', pdf: 'PDF' } as const;

function Row({ regulation }: { regulation: PublishedRegulation }) {
  const { formatDate } = useCouncilDates();
  const where = matchSentence(regulation.matched_in);
  const keywords = regulation.keywords.map((keyword) => keyword.word).join(', ');
  const page = pageOf(regulation);
  const title = regulation.subject || regulationName(regulation);
  return (
    <tr>
      <td data-label={COLUMNS.type} className="regulation-type">
        {REGULATION_TYPE_LABELS[regulation.type]}
      </td>
      <td data-label={COLUMNS.number} className="regulation-number">
        <div>
          {regulation.number ?? 'S/N'}
          {regulation.expediente && <span className="d-block small text-body-secondary text-nowrap">Expte. {regulation.expediente}</span>}
        </div>
      </td>
      <td data-label={COLUMNS.subject} className="regulation-subject">
        {/* One wrapper: on phones the cell is a two-column grid (label, value). */}
        <div>
          {page ? (
            <a href={page} className="d-block regulation-link">
              {title}
            </a>
          ) : (
            <span className="d-block">{title}</span>
          )}
          {regulation.legal_force !== 'in_force' && <LegalForceBadge legalForce={regulation.legal_force} type={regulation.type} className="mt-1" />}
          {where && <span className="regulation-match d-block">{where}</span>}
          {regulation.excerpt && regulation.excerpt.length > 0 && <MatchExcerpt segments={regulation.excerpt} />}
        </div>
      </td>
      <td data-label={COLUMNS.keywords}>{keywords || <span className="text-body-secondary">—</span>}</td>
      <td data-label={COLUMNS.created} className="regulation-date">
        <div>
          {formatDate(regulation.created_at)}
          {regulation.enacted_on && <span className="d-block small text-body-secondary text-nowrap">Sanción: {formatActionDay(regulation.enacted_on)}</span>}
        </div>
      </td>
      <td data-label={COLUMNS.pdf} className="text-nowrap">
        {regulation.pdf_approved ? (
          <a href={regulation.pdf_approved} target="_blank" rel="noopener" aria-label={`Ver PDF ${ofRegulation(regulation)} (se abre en una pestaña nueva)`}>
            Ver PDF
          </a>
        ) : (
          <span className="text-body-secondary">Sin PDF</span>
        )}
      </td>
    </tr>
  );
}

/**
 * The results with the five columns of spec 2.3 plus the subject (what most visitors recognise).
 * On phones each row becomes a card with its labels (public-regulations.scss), without a second copy of the data.
 */
export function ResultsTable({ regulations }: { regulations: PublishedRegulation[] }) {
  return (
    // Bootstrap's classes without react-bootstrap's Table: the public pages load as little as they can.
    <table className="table table-bordered bg-white align-middle regulations-results mb-3">
      <caption className="visually-hidden">Normativas encontradas</caption>
      <thead>
        <tr>
          <th scope="col">{COLUMNS.type}</th>
          <th scope="col">{COLUMNS.number}</th>
          <th scope="col">{COLUMNS.subject}</th>
          <th scope="col">{COLUMNS.keywords}</th>
          <th scope="col">{COLUMNS.created}</th>
          <th scope="col">{COLUMNS.pdf}</th>
        </tr>
      </thead>
      <tbody>
        {regulations.map((regulation) => (
          <Row key={regulation.id} regulation={regulation} />
        ))}
      </tbody>
    </table>
  );
}
