import { SITE_PATHS } from '@concejo/contracts';
import { FEED_HREF, openDataHref } from '../api/open-data';
import type { PublicRegulationFilters } from '../filters';

/** The current search as open data (every matching row), and the feed of new approvals. */
export function OpenDataLinks({ filters }: { filters: PublicRegulationFilters }) {
  return (
    <section aria-labelledby="open-data-title" className="open-data mt-4">
      <h2 id="open-data-title" className="h6 mb-2">
        Datos abiertos
      </h2>
      <p className="mb-2 small">
        Descargue todas las normativas de esta búsqueda, no solo las de esta página. <a href={SITE_PATHS.openData}>Qué contiene cada columna</a>
      </p>
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
        <li>
          <a className="btn btn-outline-primary btn-sm" href={openDataHref('csv', filters)} download="normativas.csv">
            Descargar CSV
          </a>
        </li>
        <li>
          <a className="btn btn-outline-primary btn-sm" href={openDataHref('json', filters)} download="normativas.json">
            Descargar JSON
          </a>
        </li>
        <li>
          <a className="btn btn-outline-primary btn-sm" href={FEED_HREF} type="application/atom+xml">
            Suscribirse (Atom)
          </a>
        </li>
      </ul>
    </section>
  );
}
