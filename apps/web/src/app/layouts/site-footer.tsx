import { ContactDetails, DEFAULT_COUNCIL_NAME, useSite } from '../../components/site';
import { paths } from '../../lib/paths';

export function SiteFooter() {
  const site = useSite();
  const councilName = site.data?.council_name ?? DEFAULT_COUNCIL_NAME;
  return (
    <footer className="site-footer mt-auto">
      <div className="container py-4 d-flex flex-column flex-md-row justify-content-between gap-2">
        <div>
          <p className="mb-0">
            <span className="fw-semibold">{councilName}</span>
            {site.data && ` · ${site.data.town_name}, ${site.data.town_region}`}
          </p>
          <ContactDetails contact={site.data?.contact} className="mt-2 mb-0 small" />
        </div>
        <p className="mb-0">
          © {new Date().getFullYear()} · Sitio oficial · <a href={paths.accessibility.getHref()}>Accesibilidad</a> · <a href={paths.openData.getHref()}>Datos abiertos</a>
        </p>
      </div>
    </footer>
  );
}
