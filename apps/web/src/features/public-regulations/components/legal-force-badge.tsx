import { LEGAL_FORCE_LABELS, type LegalForce } from '@concejo/contracts';

// Written out whole: the public stylesheet keeps only the class names the source spells (vite.config.ts).
const CLASSES: Record<LegalForce, string> = {
  in_force: 'legal-force-in-force',
  partially_repealed: 'legal-force-partially-repealed',
  repealed: 'legal-force-repealed',
};

/** Vigente / Derogada parcialmente / Derogada, in words (never colour alone). */
export function LegalForceBadge({ force, className = '' }: { force: LegalForce; className?: string }) {
  return <span className={`badge legal-force ${CLASSES[force]} ${className}`.trim()}>{LEGAL_FORCE_LABELS[force]}</span>;
}
