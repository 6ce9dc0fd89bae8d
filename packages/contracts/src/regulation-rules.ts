import { can } from './abilities.js';
import { REGULATION_MESSAGES, REGULATION_TYPE_LABELS, type RegulationType } from './regulation-constants.js';
import { AUTHOR_TYPES_BY_TYPE, canHaveLinks, needsApprovedPdf, type AuthorType, type DemType, type RegulationState } from './regulations.js';
import type { Role } from './roles.js';

/**
 * The regulation rules of spec 4 and 5 and DESIGN.md section 7, written once. The API enforces them
 * (a field the role may not set is a 403, a rule the data breaks is a 422 with these messages); the
 * staff forms derive their fields, options and checks from the same functions, so the form offers
 * exactly what the API accepts (apps/api regulations/form-agreement.test.ts walks every role and type).
 *
 * Three layers, each pure:
 * - `regulationPermissions(role, mode)`: what the role may set at all (the roles table);
 * - `offeredFields(role, mode, values)`: what the form shows for the chosen type, state and DEM sub-type;
 * - `applyDefaults` and `validateDraft`: what follows from a choice, and what a saved regulation meets.
 */

export type RegulationMode = 'create' | 'update';

export interface RegulationPermissions {
  /** The types the role may register (on update the type is fixed). */
  types: readonly RegulationType[];
  creationDate: boolean;
  /** The DEM sub-type (of a DEM message). */
  demType: boolean;
  /** `editable`: may set either state; `fixed`: shown, not changed (a concejal editing); `hidden`: always "en proceso" on create. */
  state: 'editable' | 'fixed' | 'hidden';
  keywords: boolean;
  processPdf: boolean;
  /** The approved PDF (and, with it, the number): whoever may approve. */
  approvedPdf: boolean;
  /** The modifies / modified-by lists. */
  links: boolean;
}

/** The types in the order staff read them (Ordenanza first), not the enum's alphabetical order. */
export const REGULATION_TYPES_IN_ORDER = Object.keys(REGULATION_TYPE_LABELS) as RegulationType[];

/** What a role may set on a regulation when registering or modifying one (DESIGN.md section 7). */
export function regulationPermissions(role: Role, mode: RegulationMode): RegulationPermissions {
  const canCreate = can(role, 'regulations.create');
  const staffApprover = role === 'admin' || role === 'asesor';
  let types: readonly RegulationType[] = [];
  if (mode === 'create' && canCreate) {
    if (role === 'ejecutivo') types = ['dem-message'];
    else if (role === 'concejal') types = REGULATION_TYPES_IN_ORDER.filter((type) => type !== 'correspondence' && type !== 'dem-message');
    else types = REGULATION_TYPES_IN_ORDER;
  }
  const approves = mode === 'create' ? staffApprover : staffApprover || role === 'mesa';
  return {
    types,
    creationDate: role === 'admin' && mode === 'create',
    // Mesa de Entrada registers the DEM's incoming messages, the ejecutivo its own: both name the sub-type then, not later.
    demType: can(role, 'regulations.setDemType') || (mode === 'create' && (role === 'ejecutivo' || role === 'mesa')),
    state: approves ? 'editable' : mode === 'update' && role === 'concejal' ? 'fixed' : 'hidden',
    keywords: role !== 'concejal',
    processPdf: role !== 'mesa',
    approvedPdf: approves,
    links: can(role, 'regulations.link'),
  };
}

/**
 * The author types offered for a type: a concejal is always the author as concejal; ordinances and
 * decrees may be by the DEM or a concejal, but the create form offers concejal only (spec 4: the
 * DEM's own norms enter as DEM messages). The first one is the default.
 */
export function authorTypeOptions(role: Role, mode: RegulationMode, type: RegulationType | null): readonly AuthorType[] {
  if (!type) return [];
  if (role === 'concejal') return ['concejal'];
  if (mode === 'create' && (type === 'ordinance' || type === 'decree')) return ['concejal'];
  return AUTHOR_TYPES_BY_TYPE[type];
}

/** The form's current choices that decide which fields it shows. */
export interface RegulationChoice {
  type: RegulationType | null;
  demType: DemType | null;
  state: RegulationState;
}

/** Every field a regulation form can have, by the API's names. */
export const REGULATION_FORM_FIELDS = [
  'creation_date',
  'type',
  'dem_type',
  'author_type',
  'authors',
  'state',
  'number',
  'keywords',
  'subject',
  'pdf_process',
  'pdf_approved',
  'modifies',
  'modified_by',
] as const;
export type RegulationFormField = (typeof REGULATION_FORM_FIELDS)[number];

/**
 * The fields a form offers the role for the choice made so far, by the API's names: those the role
 * may set and the type admits. `state` and `number` are offered only to who may approve (the number
 * once "Aprobado" is chosen); `creation_date` is shown read-only on update (spec 7.4) and is not offered.
 */
export function offeredFields(role: Role, mode: RegulationMode, choice: RegulationChoice): ReadonlySet<RegulationFormField> {
  const allowed = regulationPermissions(role, mode);
  const fields = new Set<RegulationFormField>(['type', 'subject', 'authors']);
  const { type, demType, state } = choice;
  if (allowed.creationDate) fields.add('creation_date');
  if (allowed.state === 'editable') fields.add('state');
  if (allowed.state === 'editable' && state === 'approved') fields.add('number');
  if (allowed.keywords) fields.add('keywords');
  // What depends on the type waits for it.
  if (!type) return fields;
  if (type === 'dem-message' && allowed.demType) fields.add('dem_type');
  if (authorTypeOptions(role, mode, type).length > 0) fields.add('author_type');
  if (type !== 'correspondence') {
    if (allowed.processPdf) fields.add('pdf_process');
    if (allowed.approvedPdf) fields.add('pdf_approved');
  }
  if (allowed.links && canHaveLinks(type, demType)) {
    fields.add('modifies');
    fields.add('modified_by');
  }
  return fields;
}

/** What a request sets, as the API reads it: a field is "set" when it carries a value other than the default. */
export interface SentFields {
  type?: RegulationType;
  state?: RegulationState;
  creationDate?: boolean;
  demType?: boolean;
  /** The official number: given on approval, by who may approve. */
  number?: boolean;
  keywords?: boolean;
  links?: boolean;
  processPdf?: boolean;
  approvedPdf?: boolean;
  /** On update, the state changes. */
  stateChange?: boolean;
}

/**
 * Whether the role may send what it sent (the 403 of the API): a type it may not register, a state it
 * may not choose, or a field the roles table does not give it. Whether the data then makes sense for
 * the type is `validateDraft`'s (422).
 */
export function refusesFields(role: Role, mode: RegulationMode, sent: SentFields): boolean {
  const allowed = regulationPermissions(role, mode);
  if (mode === 'create' && sent.type !== undefined && !allowed.types.includes(sent.type)) return true;
  if (mode === 'create' && sent.state === 'approved' && allowed.state !== 'editable') return true;
  if (mode === 'update' && sent.stateChange && allowed.state !== 'editable') return true;
  return Boolean(
    (sent.creationDate && !allowed.creationDate) ||
      (sent.demType && !allowed.demType) ||
      (sent.number && !allowed.approvedPdf) ||
      (sent.keywords && !allowed.keywords) ||
      (sent.links && !allowed.links) ||
      (sent.processPdf && !allowed.processPdf) ||
      (sent.approvedPdf && !allowed.approvedPdf),
  );
}

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

/**
 * What follows from the type and the role (spec 4, "Author type follows type"): the author type when
 * only one fits, DEM as the only author of a DEM norm, a concejal as the first author of their own
 * norm, no DEM sub-type outside DEM messages.
 */
export function applyDefaults(draft: RegulationDraft, role: Role, mode: RegulationMode, ownFullName: string): RegulationDraft {
  const options = authorTypeOptions(role, mode, draft.type);
  let authorType = draft.authorType;
  if (role === 'concejal') authorType ??= 'concejal';
  else if (options.length === 1) authorType = options[0]!;
  else authorType ??= options[0]!;
  let authors = draft.authors;
  if (authorType === 'DEM') authors = ['DEM'];
  else if (role === 'concejal') {
    const others = authors.filter((name) => name.toLocaleLowerCase('es') !== ownFullName.toLocaleLowerCase('es'));
    authors = [ownFullName, ...others];
  }
  return { ...draft, authorType, authors };
}

export type RegulationErrors = Partial<Record<RegulationFormField, string[]>>;

function add(errors: RegulationErrors, field: RegulationFormField, message: string) {
  const list = (errors[field] ??= []);
  if (!list.includes(message)) list.push(message);
}

/**
 * The rules every saved regulation meets, whoever sends it (spec 5), with the spec's messages by
 * field; empty when the draft can be saved. `selfId`: the regulation being modified.
 */
export function validateDraft(draft: RegulationDraft, options: { role: Role; mode: RegulationMode; selfId?: number }): RegulationErrors {
  const errors: RegulationErrors = {};
  const { role, mode } = options;

  if (draft.type === 'dem-message' && !draft.demType) add(errors, 'dem_type', REGULATION_MESSAGES.demTypeRequired);
  if (draft.type !== 'dem-message' && draft.demType) add(errors, 'dem_type', REGULATION_MESSAGES.demTypeOnlyForMessages);

  if (role === 'concejal' && draft.authorType !== 'concejal') {
    add(errors, 'author_type', REGULATION_MESSAGES.concejalAuthorOnly);
  } else if (draft.authorType && !AUTHOR_TYPES_BY_TYPE[draft.type].includes(draft.authorType)) {
    add(errors, 'author_type', REGULATION_MESSAGES.authorTypeMismatch);
  }
  if (draft.authors.length === 0) add(errors, 'authors', REGULATION_MESSAGES.authorsRequired);

  if (draft.state === 'approved') {
    const pdfMissing = needsApprovedPdf(draft.type, draft.demType) && !draft.hasApprovedPdf;
    if (mode === 'update' && draft.type !== 'dem-message' && (pdfMissing || draft.number === null)) {
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
