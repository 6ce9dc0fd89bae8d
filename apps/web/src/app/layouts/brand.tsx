import { DEFAULT_COUNCIL_NAME, useSite } from '../../components/site';

/** The council's emblem: a simple civic building in the theme's gold. */
function BrandMark() {
  return (
    <svg className="brand-mark" width="36" height="36" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <g fill="currentColor">
        <path d="M32 10 52 21H12z" />
        <rect x="12" y="23" width="40" height="4" />
        <rect x="16" y="29" width="5" height="17" />
        <rect x="26" y="29" width="5" height="17" />
        <rect x="35" y="29" width="5" height="17" />
        <rect x="44" y="29" width="4" height="17" />
        <rect x="10" y="48" width="44" height="5" />
      </g>
    </svg>
  );
}

/** The council's name and town, from the server's configuration; a generic name until it answers. */
export function Brand({ subtitle }: { subtitle?: string }) {
  const site = useSite();
  const councilName = site.data?.council_name ?? DEFAULT_COUNCIL_NAME;
  const detail = subtitle ?? site.data?.town_name;
  return (
    <span className="brand d-inline-flex align-items-center gap-2">
      <BrandMark />
      <span className="d-flex flex-column lh-sm">
        <span className="brand-name">{councilName}</span>
        {detail && <span className="brand-detail">{detail}</span>}
      </span>
    </span>
  );
}
