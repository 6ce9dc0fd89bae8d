import {
  AUTHOR_TYPES_BY_TYPE,
  REGULATION_MESSAGES,
  canHaveLinks,
  needsApprovedPdf,
  type AuthorType,
  type DemType,
  type RegulationState,
  type RegulationType,
  type Role,
} from '@concejo/contracts';

/** A regulation as it would be saved: after the defaults, before it is stored. */
export interface RegulationDraft {
  type: RegulationType;
  demType: DemType | null;
  number: number | null;
  authorType: AuthorType | null;
  authors: string[];
  state: RegulationState;
  keywords: string[];
  subject: string;
  hasProcessPdf: boolean;
  hasApprovedPdf: boolean;
  modifies: number[];
  modifiedBy: number[];
}

type Errors = Record<string, string[]>;

function add(errors: Errors, field: string, message: string) {
  (errors[field] ??= []).push(message);
}

/**
 * Fills in what follows from the type and the role (spec 4, "Author type follows type"): the author
 * type when only one fits, DEM as the only author of a DEM norm, a concejal as the first author of
 * their own norm, no DEM sub-type outside DEM messages.
 */
export function applyDefaults(draft: RegulationDraft, role: Role, ownFullName: string): RegulationDraft {
  const allowed = AUTHOR_TYPES_BY_TYPE[draft.type];
  let authorType = draft.authorType;
  if (role === 'concejal') authorType ??= 'concejal';
  else if (allowed.length === 1) authorType = allowed[0]!;
  else authorType ??= allowed[0]!;
  let authors = draft.authors;
  if (authorType === 'DEM') authors = ['DEM'];
  else if (role === 'concejal') {
    const others = authors.filter((name) => name.toLocaleLowerCase('es') !== ownFullName.toLocaleLowerCase('es'));
    authors = [ownFullName, ...others];
  }
  return {
    ...draft,
    authorType,
    authors,
    demType: draft.type === 'dem-message' ? draft.demType : null,
  };
}

/**
 * The rules every saved regulation meets, whoever sends it (spec 5). Returns the errors by field
 * with the spec's Spanish messages; empty when the draft can be saved.
 */
export function validateDraft(draft: RegulationDraft, options: { role: Role; onUpdate: boolean; selfId?: number }): Errors {
  const errors: Errors = {};
  const { role, onUpdate } = options;

  if (draft.type === 'dem-message' && !draft.demType) add(errors, 'dem_type', REGULATION_MESSAGES.demTypeRequired);

  if (role === 'concejal' && draft.authorType !== 'concejal') {
    add(errors, 'author_type', REGULATION_MESSAGES.concejalAuthorOnly);
  } else if (draft.authorType && !AUTHOR_TYPES_BY_TYPE[draft.type].includes(draft.authorType)) {
    add(errors, 'author_type', REGULATION_MESSAGES.authorTypeMismatch);
  }
  if (draft.authors.length === 0) add(errors, 'authors', REGULATION_MESSAGES.authorsRequired);

  if (draft.state === 'approved') {
    const pdfMissing = needsApprovedPdf(draft.type, draft.demType) && !draft.hasApprovedPdf;
    if (onUpdate && draft.type !== 'dem-message' && (pdfMissing || draft.number === null)) {
      add(errors, draft.number === null ? 'number' : 'pdf_approved', REGULATION_MESSAGES.numberAndPdfRequired);
    } else {
      if (draft.number === null) add(errors, 'number', REGULATION_MESSAGES.numberRequired);
      if (pdfMissing) add(errors, 'pdf_approved', REGULATION_MESSAGES.approvedPdfRequired);
    }
  } else if (draft.number !== null) {
    add(errors, 'number', REGULATION_MESSAGES.numberOnlyWhenApproved);
  }

  const hasLinks = draft.modifies.length > 0 || draft.modifiedBy.length > 0;
  if (draft.type === 'correspondence') {
    if (draft.hasProcessPdf || draft.hasApprovedPdf || hasLinks) add(errors, 'type', REGULATION_MESSAGES.correspondenceHasNoFiles);
  } else if (hasLinks && !canHaveLinks(draft.type, draft.demType)) {
    add(errors, 'modifies', REGULATION_MESSAGES.linksNotAllowed);
  }
  if (draft.modifies.some((id) => draft.modifiedBy.includes(id))) add(errors, 'modified_by', REGULATION_MESSAGES.linkedTwice);
  if (options.selfId !== undefined && [...draft.modifies, ...draft.modifiedBy].includes(options.selfId)) {
    add(errors, 'modifies', REGULATION_MESSAGES.linkedToItself);
  }
  return errors;
}
