import { legalForceLabel, type LegalForce, type RegulationType } from '@concejo/contracts';

/** Bootstrap's contextual badges: white on green and red, dark on yellow (each at least 4.5:1). */
const VARIANTS: Record<LegalForce, string> = {
  in_force: 'text-bg-success',
  partially_repealed: 'text-bg-warning',
  repealed: 'text-bg-danger',
  suspended: 'text-bg-warning',
  lapsed: 'text-bg-secondary',
  void: 'text-bg-danger',
};

/**
 * A norm's legal force as a badge whose text says it (Vigente, Derogada parcialmente, Derogado...), in
 * the gender of the norm's type: colour only repeats it. Styled in the entry stylesheet
 * (public-regulations.scss), as the public pages need it before any script runs.
 */
export function LegalForceBadge({ legalForce, type, className = '' }: { legalForce: LegalForce; type: RegulationType; className?: string }) {
  return <span className={`badge legal-force-badge ${VARIANTS[legalForce]} ${className}`.trim()}>{legalForceLabel(legalForce, type)}</span>;
}
