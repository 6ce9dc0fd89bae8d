import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { PUBLIC_REGULATION_TYPES, type DemType, type LegalForce, type PublicRegulationType, type RegulationLinkKind } from '@concejo/contracts';
import { regulations } from '../db/schema/index.js';
import type { StoredAction } from './regulation-actions.js';

// What makes a norm public (DESIGN.md section 5): approved, or registered as old, and of a public type.
// One rule, in the three forms the code needs it: on values (the contracts' isPublicNorm, re-exported),
// and as SQL.
export { isPublicNorm } from '@concejo/contracts';

/** The rule as a condition on the regulations table (a query built with drizzle). */
export const publicNorm = (): SQL => and(or(eq(regulations.state, 'approved'), eq(regulations.isOld, true)), inArray(regulations.type, [...PUBLIC_REGULATION_TYPES]))!;

/** The rule on the regulations row called `alias` in a statement written by hand. */
export function publicNormAs(alias: string): SQL {
  const column = (name: string) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`;
  return sql`((${column('state')} = 'approved' or ${column('is_old')}) and ${column('type')} = any(${sql.param([...PUBLIC_REGULATION_TYPES])}::regulation_type[]))`;
}

/**
 * A project made public from its entry (DESIGN.md 9.2): of a public type, still in process, with an
 * expediente, and listed in an agenda (whose PDF already names it). Its page, its process PDF and its
 * steps are public; it is never in the enacted norms' lists.
 */
export const publicProject = (): SQL =>
  sql`(${regulations.state} = 'process' and not ${regulations.isOld} and ${regulations.expediente} is not null
    and ${regulations.type} = any(${sql.param([...PUBLIC_REGULATION_TYPES])}::regulation_type[])
    and exists (select 1 from day_order_items i where i.regulation_id = ${regulations.id}))`;

/**
 * What the page of one public norm reads, in one statement (modules/regulations' publishedNorm, which
 * modules/public-search is handed by app.ts): the row, its authors, keywords, linked public norms and
 * trámite, and the dates its path gives it (calendar days).
 */
export type PublishedNormRow = {
  id: number;
  type: PublicRegulationType;
  demType: DemType | null;
  number: number;
  subject: string;
  createdAt: Date;
  approvedAt: Date | null;
  pdfApproved: string | null;
  legalForce: LegalForce;
  isOld: boolean;
  textRecognized: boolean;
  textStart: string | null;
  authors: string[];
  keywords: string[];
  links: { kind: RegulationLinkKind; direction: 'outgoing' | 'incoming'; type: PublicRegulationType; number: number; subject: string; legal_force: LegalForce; note: string | null; until: string | null }[];
  expediente: string | null;
  actions: StoredAction[];
  enactedOn: string | null;
  promulgatedOn: string | null;
  publishedOn: string | null;
  inForceFrom: string | null;
  inForceUntil: string | null;
  voidedOn: string | null;
  /** Its legal force on the day asked (`in_force_on`); null before it took effect or when no day was asked. */
  forceOn: LegalForce | null;
};

/** What the page of a project made public reads (modules/regulations' publishedProject), or of the norm it became. */
export type PublishedProjectRow = {
  id: number;
  type: PublicRegulationType;
  state: 'process' | 'approved';
  number: number | null;
  subject: string;
  createdAt: string;
  expediente: string;
  pdfProcess: string | null;
  /** Listed in an agenda: what makes a project public. */
  listed: boolean;
  authors: string[];
  keywords: string[];
  actions: StoredAction[];
};

/** What the open-data downloads add to a public norm (modules/regulations' openDataOf, for modules/public-search). */
export type OpenDataRow = {
  promulgatedOn: string | null;
  publishedOn: string | null;
  inForceFrom: string | null;
  edition: string | null;
  page: number | null;
  modifiedBy: [PublicRegulationType, number][];
  modifies: [PublicRegulationType, number][];
};
