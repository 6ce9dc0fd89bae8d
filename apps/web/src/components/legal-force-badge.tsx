import { LEGAL_FORCE_LABELS, type LegalForce } from '@concejo/contracts';

/** Bootstrap's contextual badges: white on green and red, dark on yellow (each at least 4.5:1). */
const VARIANTS: Record<LegalForce, string> = {
  in_force: 'text-bg-success',
  partially_repealed: 'text-bg-warning',
  repealed: 'text-bg-danger',
};

/**
 * A norm's legal force as a badge whose text says it (Vigente, Derogada parcialmente, Derogada): colour
 * only repeats it. Styled in the entry stylesheet (public-regulations.scss), as the public pages need it
 * before any script runs.
 */
export function LegalForceBadge({ legalForce, className = '' }: { legalForce: LegalForce; className?: string }) {
  return <span className={`badge legal-force-badge ${VARIANTS[legalForce]} ${className}`.trim()}>{LEGAL_FORCE_LABELS[legalForce]}</span>;
}
