import {
  AUTHOR_TYPES_BY_TYPE,
  REGULATION_MESSAGES,
  REGULATION_TYPE_LABELS,
  can,
  canHaveLinks,
  cleanList,
  createRegulationFieldsSchema,
  needsApprovedPdf,
  regulationChangesSchema,
  type AuthorType,
  type DemType,
  type RegulationDetail,
  type RegulationRef,
  type RegulationState,
  type RegulationType,
  type Role,
} from '@concejo/contracts';
import { councilLocalToIso, isoToCouncilLocal } from './format';

/**
 * What the regulation forms show to each role for each type (spec 4 and 5, DESIGN.md section 7),
 * how a choice changes the others, and the checks made before sending. Pure: the pages render it.
 */

export type FormMode = 'create' | 'edit';

export type RegulationFormValues = {
  /** `datetime-local`, in the council's time zone. */
  creationDate: string;
  type: RegulationType | '';
  demType: DemType | '';
  number: string;
  authorType: AuthorType | '';
  authors: string[];
  state: RegulationState;
  keywords: string[];
  subject: string;
  modifies: RegulationRef[];
  modifiedBy: RegulationRef[];
  pdfProcess: File | null;
  pdfApproved: File | null;
  /** Edit only: the stored PDF is to be removed. */
  removePdfProcess: boolean;
  removePdfApproved: boolean;
};

export type FormField =
  | 'creation_date'
  | 'type'
  | 'dem_type'
  | 'number'
  | 'author_type'
  | 'authors'
  | 'state'
  | 'keywords'
  | 'subject'
  | 'pdf_process'
  | 'pdf_approved'
  | 'modifies'
  | 'modified_by';

export type FormErrors = Partial<Record<string, string[]>>;

export type RegulationFormLayout = {
  creationDate: 'editable' | 'readonly' | 'hidden';
  typeOptions: readonly RegulationType[];
  typeDisabled: boolean;
  demType: boolean;
  authorTypeOptions: readonly AuthorType[];
  authorTypeDisabled: boolean;
  /** DEM norms have DEM as their only author. */
  authorsDisabled: boolean;
  /** A concejal's own name heads their norms and cannot be removed. */
  lockedFirstAuthor: string | null;
  state: 'editable' | 'disabled' | 'hidden';
  number: boolean;
  keywords: boolean;
  /** The file inputs; stored PDFs are always shown as links. */
  pdfProcess: boolean;
  pdfApproved: boolean;
  links: boolean;
};

/** Extra messages of the API's rules that the contracts do not carry (apps/api regulations/rules.ts). */
export const FORM_MESSAGES = {
  typeRequired: 'Debe seleccionar el tipo de normativa.',
  authorsRequired: 'Debe ingresar al menos un autor.',
} as const;

/** The types in the order staff read them (Ordenanza first), not the enum's alphabetical order. */
const ALL_TYPES = Object.keys(REGULATION_TYPE_LABELS) as RegulationType[];

export function typeOptionsFor(role: Role, mode: FormMode): readonly RegulationType[] {
  if (mode === 'edit') return ALL_TYPES;
  if (role === 'ejecutivo') return ['dem-message'];
  if (role === 'concejal') return ALL_TYPES.filter((type) => type !== 'correspondence' && type !== 'dem-message');
  // Mesa de Entrada may not set the DEM sub-type a DEM message requires (DESIGN.md 7), so it cannot file one.
  if (role === 'mesa') return ALL_TYPES.filter((type) => type !== 'dem-message');
  return ALL_TYPES;
}

export function authorTypeOptionsFor(role: Role, type: RegulationType | '', mode: FormMode): readonly AuthorType[] {
  if (!type) return [];
  if (role === 'concejal') return ['concejal'];
  // Spec 4: ordinances and decrees may be by DEM or a concejal, but the create form offers concejal only.
  if (mode === 'create' && (type === 'ordinance' || type === 'decree')) return ['concejal'];
  return AUTHOR_TYPES_BY_TYPE[type];
}

function canSetDemType(role: Role, mode: FormMode): boolean {
  return can(role, 'regulations.setDemType') || (mode === 'create' && role === 'ejecutivo');
}

export function formLayout(role: Role, values: Pick<RegulationFormValues, 'type' | 'demType' | 'authorType' | 'state'>, mode: FormMode, ownName: string): RegulationFormLayout {
  const { type } = values;
  const isCorrespondence = type === 'correspondence';
  const authorTypeOptions = authorTypeOptionsFor(role, type, mode);
  const choosesState = mode === 'create' ? role === 'admin' || role === 'asesor' : true;
  const uploadsApproved = mode === 'create' ? role === 'admin' || role === 'asesor' : role === 'admin' || role === 'asesor' || role === 'mesa';
  return {
    creationDate: role !== 'admin' ? 'hidden' : mode === 'create' ? 'editable' : 'readonly',
    typeOptions: typeOptionsFor(role, mode),
    typeDisabled: mode === 'edit' || role === 'ejecutivo',
    demType: type === 'dem-message' && canSetDemType(role, mode),
    authorTypeOptions,
    authorTypeDisabled: role === 'ejecutivo' || role === 'concejal' || authorTypeOptions.length <= 1,
    authorsDisabled: values.authorType === 'DEM',
    lockedFirstAuthor: role === 'concejal' ? ownName : null,
    state: !choosesState ? 'hidden' : role === 'concejal' ? 'disabled' : 'editable',
    number: choosesState && values.state === 'approved',
    keywords: role !== 'concejal',
    pdfProcess: type !== '' && !isCorrespondence && role !== 'mesa',
    pdfApproved: type !== '' && !isCorrespondence && uploadsApproved,
    links: can(role, 'regulations.link') && type !== '' && canHaveLinks(type, values.demType || null),
  };
}

function authorsFor(previous: AuthorType | '', next: AuthorType | '', authors: string[], role: Role, ownName: string): string[] {
  if (next === 'DEM') return ['DEM'];
  if (previous === 'DEM') return role === 'concejal' ? [ownName] : [];
  return authors;
}

/** Choosing a type picks its author type, clears a DEM sub-type that no longer applies and, for correspondence, the PDFs and links. */
export function withType(values: RegulationFormValues, type: RegulationType | '', role: Role, mode: FormMode, ownName: string): RegulationFormValues {
  const options = authorTypeOptionsFor(role, type, mode);
  const authorType = values.authorType && options.includes(values.authorType) ? values.authorType : (options[0] ?? '');
  const demType = type === 'dem-message' ? values.demType : '';
  const next: RegulationFormValues = {
    ...values,
    type,
    demType,
    authorType,
    authors: authorsFor(values.authorType, authorType, values.authors, role, ownName),
  };
  if (type === 'correspondence') {
    return { ...next, pdfProcess: null, pdfApproved: null, modifies: [], modifiedBy: [] };
  }
  return type && canHaveLinks(type, demType || null) ? next : { ...next, modifies: [], modifiedBy: [] };
}

export function withDemType(values: RegulationFormValues, demType: DemType | ''): RegulationFormValues {
  const next = { ...values, demType };
  return values.type && canHaveLinks(values.type, demType || null) ? next : { ...next, modifies: [], modifiedBy: [] };
}

export function withAuthorType(values: RegulationFormValues, authorType: AuthorType | '', role: Role, ownName: string): RegulationFormValues {
  return { ...values, authorType, authors: authorsFor(values.authorType, authorType, values.authors, role, ownName) };
}

export function initialCreateValues(role: Role, ownName: string): RegulationFormValues {
  const blank: RegulationFormValues = {
    creationDate: '',
    type: '',
    demType: '',
    number: '',
    authorType: '',
    authors: role === 'concejal' ? [ownName] : [],
    state: 'process',
    keywords: [],
    subject: '',
    modifies: [],
    modifiedBy: [],
    pdfProcess: null,
    pdfApproved: null,
    removePdfProcess: false,
    removePdfApproved: false,
  };
  return role === 'ejecutivo' ? withType(blank, 'dem-message', role, 'create', ownName) : blank;
}

export function valuesFromDetail(detail: RegulationDetail): RegulationFormValues {
  return {
    creationDate: isoToCouncilLocal(detail.created_at),
    type: detail.type,
    demType: detail.dem_type ?? '',
    number: detail.number === null ? '' : String(detail.number),
    authorType: detail.author_type ?? '',
    authors: detail.authors.map((author) => author.name),
    state: detail.state,
    keywords: detail.keywords.map((keyword) => keyword.word),
    subject: detail.subject,
    modifies: detail.regulations_modified,
    modifiedBy: detail.regulations_that_modify,
    pdfProcess: null,
    pdfApproved: null,
    removePdfProcess: false,
    removePdfApproved: false,
  };
}

function add(errors: FormErrors, field: FormField, message: string) {
  const list = (errors[field] ??= []);
  if (!list.includes(message)) list.push(message);
}

/** The text fields of POST /regulations, as the multipart body carries them. */
export function createFields(values: RegulationFormValues, layout: RegulationFormLayout): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {
    type: values.type,
    subject: values.subject,
    state: layout.state === 'editable' ? values.state : 'process',
    authors: cleanList(values.authors),
  };
  if (values.authorType) fields.author_type = values.authorType;
  if (layout.creationDate === 'editable' && values.creationDate) fields.creation_date = councilLocalToIso(values.creationDate) ?? values.creationDate;
  if (values.type === 'dem-message' && values.demType) fields.dem_type = values.demType;
  if (layout.number && values.number.trim()) fields.number = values.number.trim();
  if (layout.keywords) fields.keywords = cleanList(values.keywords);
  if (layout.links) {
    fields.modifies = values.modifies.map((norm) => String(norm.id));
    fields.modified_by = values.modifiedBy.map((norm) => String(norm.id));
  }
  return fields;
}

/** The checks of spec 5 before POST /regulations; the API makes the same ones. Empty when it can be sent. */
export function validateCreate(values: RegulationFormValues, role: Role, layout: RegulationFormLayout): FormErrors {
  const errors: FormErrors = {};
  const parsed = createRegulationFieldsSchema.safeParse(createFields(values, layout));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(errors, String(issue.path[0] ?? 'type') as FormField, issue.message);
  }
  if (!values.type) {
    errors.type = [FORM_MESSAGES.typeRequired];
    return errors;
  }
  if (values.type === 'dem-message' && !values.demType) add(errors, 'dem_type', REGULATION_MESSAGES.demTypeRequired);
  if (role === 'concejal' && values.authorType !== 'concejal') add(errors, 'author_type', REGULATION_MESSAGES.concejalAuthorOnly);
  if (cleanList(values.authors).length === 0) add(errors, 'authors', FORM_MESSAGES.authorsRequired);
  if (layout.state === 'editable' && values.state === 'approved') {
    if (!values.number.trim()) add(errors, 'number', REGULATION_MESSAGES.numberRequired);
    if (needsApprovedPdf(values.type, values.demType || null) && !values.pdfApproved) add(errors, 'pdf_approved', REGULATION_MESSAGES.approvedPdfRequired);
  }
  return errors;
}

/** The multipart body of POST /regulations: lists as repeated `name[]`, PDFs as files. */
export function toCreateFormData(values: RegulationFormValues, layout: RegulationFormLayout): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(createFields(values, layout))) {
    if (Array.isArray(value)) for (const item of value) data.append(`${name}[]`, item);
    else data.append(name, value);
  }
  if (layout.pdfProcess && values.pdfProcess) data.append('pdf_process', values.pdfProcess);
  if (layout.pdfApproved && values.pdfApproved) data.append('pdf_approved', values.pdfApproved);
  return data;
}

const sameList = (a: readonly (string | number)[], b: readonly (string | number)[]) => a.length === b.length && a.every((item, index) => item === b[index]);
const sortedIds = (norms: readonly { id: number }[]) => norms.map((norm) => norm.id).sort((x, y) => x - y);

/** Only the fields that changed (spec 7.3), in the shape of the contract's `changes`. */
export function buildChanges(values: RegulationFormValues, detail: RegulationDetail, layout: RegulationFormLayout, role: Role): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  if (layout.demType && (values.demType || null) !== detail.dem_type) changes.dem_type = values.demType || null;
  if (values.state === 'approved') {
    const trimmed = values.number.trim();
    const number = trimmed === '' ? null : Number(trimmed);
    if (number !== detail.number) changes.number = number;
  }
  if (values.authorType && values.authorType !== detail.author_type) changes.author_type = values.authorType;
  const authors = cleanList(values.authors);
  if (!sameList(authors, detail.authors.map((author) => author.name))) changes.authors = authors;
  if (layout.state === 'editable' && values.state !== detail.state) changes.state = values.state;
  if (layout.keywords) {
    const keywords = cleanList(values.keywords);
    if (!sameList(keywords, detail.keywords.map((keyword) => keyword.word))) changes.keywords = keywords;
  }
  if (values.subject.trim() !== detail.subject) changes.subject = values.subject.trim();
  if (can(role, 'regulations.link')) {
    if (!sameList(sortedIds(values.modifies), sortedIds(detail.regulations_modified))) changes.modifies = values.modifies.map((norm) => norm.id);
    if (!sameList(sortedIds(values.modifiedBy), sortedIds(detail.regulations_that_modify))) changes.modified_by = values.modifiedBy.map((norm) => norm.id);
  }
  return changes;
}

/** The checks of spec 5 (modification) before POST /regulations/:id. */
export function validateEdit(values: RegulationFormValues, detail: RegulationDetail, role: Role, layout: RegulationFormLayout): FormErrors {
  const errors: FormErrors = {};
  const parsed = regulationChangesSchema.safeParse(buildChanges(values, detail, layout, role));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(errors, String(issue.path[0] ?? 'subject') as FormField, issue.message);
  }
  const type = detail.type;
  if (type === 'dem-message' && layout.demType && !values.demType) add(errors, 'dem_type', REGULATION_MESSAGES.demTypeRequired);
  if (role === 'concejal' && values.authorType !== 'concejal') add(errors, 'author_type', REGULATION_MESSAGES.concejalAuthorOnly);
  if (cleanList(values.authors).length === 0) add(errors, 'authors', FORM_MESSAGES.authorsRequired);
  if (values.state === 'approved') {
    const hasNumber = values.number.trim() !== '';
    const hasPdf = values.pdfApproved !== null || (detail.pdf_approved !== null && !values.removePdfApproved);
    const pdfMissing = needsApprovedPdf(type, values.demType || null) && !hasPdf;
    if (type !== 'dem-message') {
      if (!hasNumber || pdfMissing) add(errors, hasNumber ? 'pdf_approved' : 'number', REGULATION_MESSAGES.numberAndPdfRequired);
    } else {
      if (!hasNumber) add(errors, 'number', REGULATION_MESSAGES.numberRequired);
      if (pdfMissing) add(errors, 'pdf_approved', REGULATION_MESSAGES.approvedPdfRequired);
    }
  }
  return errors;
}

/** The multipart body of POST /regulations/:id: the changes, the version edited and the PDFs (a file, or '' to remove). */
export function toUpdateFormData(values: RegulationFormValues, changes: Record<string, unknown>, version: number): FormData {
  const data = new FormData();
  data.append('changes', JSON.stringify(changes));
  data.append('version', String(version));
  if (values.pdfProcess) data.append('pdf_process', values.pdfProcess);
  else if (values.removePdfProcess) data.append('pdf_process', '');
  if (values.pdfApproved) data.append('pdf_approved', values.pdfApproved);
  else if (values.removePdfApproved) data.append('pdf_approved', '');
  return data;
}

export function hasPendingFiles(values: RegulationFormValues): boolean {
  return values.pdfProcess !== null || values.pdfApproved !== null || values.removePdfProcess || values.removePdfApproved;
}

/** The errors of a 422, all messages in one list (spec 8: joined into one alert). */
export function flattenErrors(errors: FormErrors): string[] {
  return [...new Set(Object.values(errors).flatMap((messages) => messages ?? []))];
}
