/** What a norm's or a project's page shows when there is nothing to show: why, and where to look instead. */
export function PageMissing({ message, href, label }: { message: string; href: string; label: string }) {
  return (
    <div className="regulation-page">
      <h1 className="h3">{message}</h1>
      <a href={href} className="btn btn-outline-primary">
        {label}
      </a>
    </div>
  );
}

/** The breadcrumb of a norm's or a project's page: the list it belongs to, then the page itself. */
export function PageCrumbs({ parent, current }: { parent: { href: string; label: string }; current: string }) {
  return (
    <nav aria-label="Ruta de navegación">
      <ol className="breadcrumb">
        <li className="breadcrumb-item">
          <a href={parent.href}>{parent.label}</a>
        </li>
        <li className="breadcrumb-item active" aria-current="page">
          {current}
        </li>
      </ol>
    </nav>
  );
}

/** The facts of a norm or a project as a definition list, term and value, in order. */
export function FactList({ facts }: { facts: [string, string][] }) {
  return (
    <dl className="norm-facts">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
