import {
  DEM_TYPE_LABELS,
  INCOMING_LINK_KIND_LABELS,
  PUBLIC_REGULATION_TYPES,
  REGULATION_LINK_KIND_LABELS,
  REGULATION_TYPE_LABELS,
  canHaveLinks,
  type DemType,
  type LegalForce,
  type RegulationLinkKind,
  type RegulationState,
  type RegulationType,
} from '@concejo/contracts';


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

/** Which way a link is read: this norm acts on the other (outgoing) or the other acts on it (incoming). */
export type LinkSide = 'outgoing' | 'incoming';


/** "Deroga" (it repeals the other) or "Derogada por" (the other repeals it). */
export function linkKindLabel(kind: RegulationLinkKind, side: LinkSide): string {
  return side === 'outgoing' ? REGULATION_LINK_KIND_LABELS[kind] : INCOMING_LINK_KIND_LABELS[kind];
}

/**
 * Whether a norm's legal force means something to staff: an approved (or archived) norm of a type that
 * rules (the public types, and DEM decrees and ordinances). A project in process is not in force yet and
 * a minute or a letter never is, so "Vigente" there would mislead; a repeal already recorded is always told.
 */
export function hasLegalForce(norm: { type: RegulationType; dem_type: DemType | null; state: RegulationState; is_old: 0 | 1; legal_force: LegalForce }): boolean {
  if (norm.legal_force !== 'in_force') return true;
  const rules = (PUBLIC_REGULATION_TYPES as readonly RegulationType[]).includes(norm.type) || canHaveLinks(norm.type, norm.dem_type);
  return rules && (norm.state === 'approved' || norm.is_old === 1);
}
