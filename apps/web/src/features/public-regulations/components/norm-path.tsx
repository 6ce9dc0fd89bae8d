import { actionSummary, formatActionDay, type RegulationAction } from '@concejo/contracts';

/** One step of the path: its day, what it was, its details and note, the despacho's PDF or the Boletín's page. */
function Step({ action }: { action: RegulationAction }) {
  const summary = actionSummary(action);
  return (
    <li>
      <time dateTime={action.date} className="norm-path-date">
        {formatActionDay(action.date)}
      </time>
      <span className="norm-path-step">
        <strong>{action.label}</strong>
        {summary && <span>: {summary}</span>}
        {action.note && <span className="d-block small">{action.note}</span>}
        {action.pdf && (
          <a href={action.pdf} className="d-block small" target="_blank" rel="noopener">
            PDF del despacho<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
          </a>
        )}
        {action.url && (
          <a href={action.url} className="d-block small" target="_blank" rel="noopener noreferrer">
            Ver en el Boletín Oficial<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
          </a>
        )}
      </span>
    </li>
  );
}

/** The trámite (DESIGN.md 9.2): every recorded step, oldest first. */
export function NormPath({ actions }: { actions: RegulationAction[] }) {
  if (actions.length === 0) return null;
  return (
    <section aria-labelledby="norm-path" className="norm-section">
      <h2 id="norm-path" className="h5">
        Trámite
      </h2>
      <ol className="list-unstyled norm-path mb-0">
        {actions.map((action) => (
          <Step key={action.id} action={action} />
        ))}
      </ol>
    </section>
  );
}

