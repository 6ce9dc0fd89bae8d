import { isPublicNorm, type Modification, type RegulationDetail, type StaffRegulationListItem } from '@concejo/contracts';
import type { AuthUser } from '../../plugins/auth.js';
import { regulationPolicy } from './policy.js';
import type { RegulationListRow, RegulationRow } from './repository.js';

export interface FileUrls {
  /** The URL of a public norm's approved PDF, public while the norm is. */
  publicPdf(key: string): string;
  /** Short-lived signed URL of a PDF for staff: a process PDF, or the approved PDF of a norm that is not public. */
  privatePdf(key: string): string;
}

export function presentListItem(
  row: RegulationListRow,
  related: { authors: string[]; keywords: string[] },
  user: AuthUser,
  urls: FileUrls,
): StaffRegulationListItem {
  return {
    id: row.id,
    type: row.type,
    dem_type: row.demType,
    number: row.number,
    cargo: row.cargo,
    expediente: row.expediente,
    subject: row.subject,
    created_at: row.createdAt.toISOString(),
    state: row.state,
    author_type: row.authorType,
    authors: related.authors.map((name) => ({ name })),
    keywords: related.keywords.map((word) => ({ word })),
    pdf_process: row.pdfProcess ? urls.privatePdf(row.pdfProcess) : null,
    // Public exactly while the norm is: an approved PDF of a norm in process (or of a type the site does not
    // publish) reaches staff by a signed link; its public address answers 404 (modules/files).
    pdf_approved: row.pdfApproved ? (isPublicNorm(row) ? urls.publicPdf(row.pdfApproved) : urls.privatePdf(row.pdfApproved)) : null,
    is_old: row.isOld ? 1 : 0,
    legal_force: row.legalForce,
    can: {
      update: regulationPolicy.canUpdate(user, row),
      delete: regulationPolicy.canDelete(user, row),
      details: regulationPolicy.canSeeDetails(user, row),
    },
  };
}

export function presentDetail(
  item: StaffRegulationListItem,
  row: RegulationRow,
  links: { modified: RegulationDetail['regulations_modified']; modifying: RegulationDetail['regulations_that_modify'] },
  history: { id: number; createdAt: Date; nameCell: string; oldCell: string | null; newCell: string | null; userName: string | null; userLastName: string | null }[],
  actions: RegulationDetail['actions'],
): RegulationDetail {
  return {
    ...item,
    version: row.version,
    actions,
    regulations_modified: links.modified,
    regulations_that_modify: links.modifying,
    in_force_until: row.inForceUntil,
    voided_on: row.voidedOn,
    modifications: history.map(
      (entry): Modification => ({
        id: entry.id,
        user: entry.userName !== null ? { name: entry.userName, last_name: entry.userLastName ?? '' } : null,
        updated_at: entry.createdAt.toISOString(),
        name_cell: entry.nameCell,
        old_cell: entry.oldCell,
        new_cell: entry.newCell,
      }),
    ),
  };
}
