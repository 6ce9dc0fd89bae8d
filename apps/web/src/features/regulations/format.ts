import { DEM_TYPE_LABELS, REGULATION_TYPE_LABELS, type DemType, type RegulationType } from '@concejo/contracts';

export { COUNCIL_TIME_ZONE, councilLocalToIso, formatDateTime, isoToCouncilLocal } from '../../lib/format';

/** "Ana Rodríguez y 2 más": the first author and how many others (spec 2.5.1). */
export function authorSummary(authors: readonly { name: string }[]): string {
  const [first, ...others] = authors;
  if (!first) return '—';
  return others.length ? `${first.name} y ${others.length} más` : first.name;
}

/** "Mensaje del DEM (Decreto)": the type, with the DEM sub-type when there is one. */
export function typeLabel(type: RegulationType, demType?: DemType | null): string {
  const label = REGULATION_TYPE_LABELS[type];
  return type === 'dem-message' && demType ? `${label} (${DEM_TYPE_LABELS[demType]})` : label;
}

/** "Ordenanza N° 1234", or "Ordenanza sin número" while it has none. */
export function regulationName(regulation: { type: RegulationType; number: number | null }): string {
  const label = REGULATION_TYPE_LABELS[regulation.type];
  return regulation.number === null ? `${label} sin número` : `${label} N° ${regulation.number}`;
}
