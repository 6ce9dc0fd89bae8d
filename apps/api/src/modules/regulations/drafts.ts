import { REGULATION_MESSAGES, applyDefaults, type RegulationChanges, type RegulationDraft, type RegulationErrors } from '@concejo/contracts';
import { ValidationFailed } from '../../lib/errors.js';
import { startsAsPdf } from '../../lib/pdf.js';
import type { SpooledFile } from '../../lib/upload-spool.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { HistorySnapshot } from './history.js';
import type { Links } from './links.js';
import type { RegulationSnapshot, RegulationValues } from './repository.js';

/** The pure steps of registering and modifying a regulation, between the request and the database. */

export const PDF_FIELDS = ['pdf_process', 'pdf_approved'] as const;

/** The PDFs a form sent: each a file spooled to disk, or `null` to remove it; absent when not sent. */
export type PdfUploads = Partial<Record<(typeof PDF_FIELDS)[number], SpooledFile | null>>;

export function valuesOf(draft: RegulationDraft): Omit<RegulationValues, 'pdfProcess' | 'pdfApproved' | 'isOld' | 'createdBy' | 'createdAt' | 'approvedAt'> {
  return {
    type: draft.type,
    demType: draft.demType,
    number: draft.number,
    subject: draft.subject,
    state: draft.state,
    authorType: draft.authorType,
  };
}

/** The text's extraction starts over when a PDF changes (its job is queued in the same transaction). */
export const TEXT_PENDING = { textStatus: 'pending', textAttempts: 0 } as const;

export const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, index) => item === b[index]);

/** The regulation as `changes` (and the links they leave, see links.ts) would leave it, with the defaults that follow (spec 4). */
export function applyChanges(
  before: RegulationSnapshot,
  changes: RegulationChanges,
  links: Partial<Links>,
  pdfs: { pdfProcess: string | null; pdfApproved: string | null },
  role: AuthUser['role'],
): RegulationDraft {
  const current = before.row;
  const state = changes.state ?? current.state;
  return applyDefaults(
    {
      type: current.type,
      demType: changes.dem_type !== undefined ? changes.dem_type : current.demType,
      // Back to "en proceso", the official number goes: it is given on approval.
      number: state === 'process' ? null : changes.number !== undefined ? changes.number : current.number,
      authorType: changes.author_type ?? current.authorType,
      authors: changes.authors ?? before.authors,
      state,
      keywords: changes.keywords ?? before.keywords,
      subject: changes.subject ?? current.subject,
      hasProcessPdf: pdfs.pdfProcess !== null,
      hasApprovedPdf: pdfs.pdfApproved !== null,
      // Every kind: the rules (no links on some types, none to itself, none both ways) hold for all.
      modifies: (links.outgoing ?? before.modified).map((norm) => norm.id),
      modifiedBy: (links.incoming ?? before.modifying).map((norm) => norm.id),
    },
    role,
    'update',
    before.ownName,
  );
}

export function historyOf(before: RegulationSnapshot): HistorySnapshot {
  return { ...before.row, authors: before.authors, keywords: before.keywords, modifies: before.modified, modifiedBy: before.modifying };
}

/**
 * Every uploaded file must start as a PDF (whether it opens as one is asked later, of the document
 * worker); an empty value stays `null` (remove).
 */
export function checkPdfs(files: PdfUploads): PdfUploads {
  const errors: Record<string, string[]> = {};
  for (const field of PDF_FIELDS) {
    const file = files[field];
    if (file && !startsAsPdf(file.head)) errors[field] = [REGULATION_MESSAGES.pdfOnly];
  }
  throwIfInvalid(errors);
  return files;
}

export const PDF_CHECK_MESSAGES = {
  'not-pdf': REGULATION_MESSAGES.pdfOnly,
  encrypted: REGULATION_MESSAGES.pdfEncrypted,
  unreadable: REGULATION_MESSAGES.pdfUnreadable,
} as const;

export function throwIfInvalid(errors: RegulationErrors | Record<string, string[]>) {
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors as Record<string, string[]>);
}
