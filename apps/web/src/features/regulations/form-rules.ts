import {
  REGULATION_MESSAGES,
  applyDefaults,
  authorTypeOptions,
  canHaveLinks,
  cleanList,
  offeredFields,
  regulationNumberSchema,
  regulationPermissions,
  subjectSchema,
  validateDraft,
  type AuthorType,
  type DemType,
  type RegulationDetail,
  type RegulationFormField,
  type RegulationMode,
  type RegulationRef,
  type RegulationState,
  type RegulationType,
  type Role,
} from '@concejo/contracts';
import { z } from 'zod';
import { toFormData } from '../../components/form/form-data';
import { councilLocalToIso, isoToCouncilLocal } from './format';

/**
 * The regulation forms, derived from the contracts' regulation-rules.ts (the same rules the API
 * enforces): which fields the role sees for the type chosen, how a choice changes the others, and the
 * zod schema react-hook-form checks before sending. Pure: the pages render it.
 */

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
  /** Update only: the stored PDF is to be removed. */
  removePdfProcess: boolean;
  removePdfApproved: boolean;
};

/** The form's name of each of the API's fields (its errors land there). */
export const FORM_NAME_OF = {
  creation_date: 'creationDate',
  type: 'type',
  dem_type: 'demType',
  author_type: 'authorType',
  authors: 'authors',
  state: 'state',
  number: 'number',
  keywords: 'keywords',
  subject: 'subject',
  pdf_process: 'pdfProcess',
  pdf_approved: 'pdfApproved',
  modifies: 'modifies',
  modified_by: 'modifiedBy',
} as const satisfies Record<RegulationFormField, keyof RegulationFormValues>;

export type RegulationFormLayout = {
  /** Editable on create for whoever may set it; on update shown as text to the admin (spec 7.4). */
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

const typeOf = (values: Pick<RegulationFormValues, 'type'>) => values.type || null;

export function formLayout(role: Role, values: Pick<RegulationFormValues, 'type' | 'demType' | 'authorType' | 'state'>, mode: RegulationMode, ownName: string): RegulationFormLayout {
  const allowed = regulationPermissions(role, mode);
  const offered = offeredFields(role, mode, { type: typeOf(values), demType: values.demType || null, state: values.state });
  const authorTypes = authorTypeOptions(role, mode, typeOf(values));
  return {
    creationDate: offered.has('creation_date') ? 'editable' : mode === 'update' && role === 'admin' ? 'readonly' : 'hidden',
    typeOptions: allowed.types,
    typeDisabled: mode === 'update' || allowed.types.length === 1,
    demType: offered.has('dem_type'),
    authorTypeOptions: authorTypes,
    authorTypeDisabled: role === 'ejecutivo' || authorTypes.length <= 1,
    authorsDisabled: values.authorType === 'DEM',
    lockedFirstAuthor: role === 'concejal' ? ownName : null,
    state: allowed.state === 'editable' ? 'editable' : allowed.state === 'fixed' ? 'disabled' : 'hidden',
    number: offered.has('number'),
    keywords: offered.has('keywords'),
    pdfProcess: offered.has('pdf_process'),
    pdfApproved: offered.has('pdf_approved'),
    links: offered.has('modifies'),
  };
}

function authorsFor(previous: AuthorType | '', next: AuthorType | '', authors: string[], role: Role, ownName: string): string[] {
  if (next === 'DEM') return ['DEM'];
  if (previous === 'DEM') return role === 'concejal' ? [ownName] : [];
  return authors;
}

const withoutLinks = (values: RegulationFormValues): RegulationFormValues => ({ ...values, modifies: [], modifiedBy: [] });

/** Choosing a type picks its author type, clears a DEM sub-type that no longer applies and, for correspondence, the PDFs and links. */
export function withType(values: RegulationFormValues, type: RegulationType | '', role: Role, mode: RegulationMode, ownName: string): RegulationFormValues {
  const options = authorTypeOptions(role, mode, type || null);
  const authorType: AuthorType | '' = values.authorType && options.includes(values.authorType) ? values.authorType : (options[0] ?? '');
  const demType = type === 'dem-message' ? values.demType : '';
  const next: RegulationFormValues = { ...values, type, demType, authorType, authors: authorsFor(values.authorType, authorType, values.authors, role, ownName) };
  if (type === 'correspondence') return withoutLinks({ ...next, pdfProcess: null, pdfApproved: null });
  return type && canHaveLinks(type, demType || null) ? next : withoutLinks(next);
}

export function withDemType(values: RegulationFormValues, demType: DemType | ''): RegulationFormValues {
  const next = { ...values, demType };
  return values.type && canHaveLinks(values.type, demType || null) ? next : withoutLinks(next);
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
  const types = regulationPermissions(role, 'create').types;
  return types.length === 1 ? withType(blank, types[0]!, role, 'create', ownName) : blank;
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

/** The number as typed: empty, or the contract's positive integer. */
const numberText = z.string().refine((text) => text.trim() === '' || regulationNumberSchema.safeParse(text.trim()).success, {
  error: (issue) => regulationNumberSchema.safeParse(String(issue.input).trim()).error?.issues[0]?.message ?? 'El número no es válido.',
});

/**
 * The schema react-hook-form checks (useZodForm): the field formats of the contract, then the rules of
 * spec 5 exactly as the API applies them (validateDraft on the draft this form would send), each
 * message under its field. `detail`: the regulation being modified.
 */
export function regulationFormSchema(role: Role, mode: RegulationMode, ownName: string, detail?: RegulationDetail) {
  return z
    .object({
      creationDate: z.string(),
      type: z.string().refine((type) => type !== '', { error: REGULATION_MESSAGES.typeRequired }),
      demType: z.string(),
      number: numberText,
      authorType: z.string(),
      authors: z.array(z.string()),
      state: z.enum(['process', 'approved']),
      keywords: z.array(z.string()),
      subject: subjectSchema,
      modifies: z.array(z.custom<RegulationRef>()),
      modifiedBy: z.array(z.custom<RegulationRef>()),
      pdfProcess: z.custom<File | null>(),
      pdfApproved: z.custom<File | null>(),
      removePdfProcess: z.boolean(),
      removePdfApproved: z.boolean(),
    })
    .superRefine((raw, ctx) => {
      const values = raw as RegulationFormValues;
      if (!values.type) return;
      const layout = formLayout(role, values, mode, ownName);
      const errors = validateDraft(toDraft(values, layout, role, mode, ownName, detail), { role, mode, selfId: detail?.id });
      for (const [field, messages] of Object.entries(errors) as [RegulationFormField, string[]][]) {
        for (const message of messages) ctx.addIssue({ code: 'custom', path: [FORM_NAME_OF[field]], message });
      }
    });
}

/** The regulation this form would save, in the shape the rules read. */
function toDraft(values: RegulationFormValues, layout: RegulationFormLayout, role: Role, mode: RegulationMode, ownName: string, detail?: RegulationDetail) {
  // Not offered (a concejal's form), the stored number stays while the norm stays approved.
  const typed = values.number.trim() ? Number(values.number.trim()) : null;
  // A state the role does not choose is the stored one (update) or "en proceso" (create).
  const state = layout.state === 'editable' ? values.state : (detail?.state ?? 'process');
  const number = layout.number ? typed : state === 'approved' ? (detail?.number ?? null) : null;
  const stored = (url: string | null | undefined, removed: boolean) => Boolean(url) && !removed;
  return applyDefaults(
    {
      type: values.type as RegulationType,
      demType: values.demType || null,
      number,
      authorType: values.authorType || null,
      authors: cleanList(values.authors),
      state,
      keywords: cleanList(values.keywords),
      subject: values.subject.trim(),
      hasProcessPdf: values.pdfProcess !== null || stored(detail?.pdf_process, values.removePdfProcess),
      hasApprovedPdf: values.pdfApproved !== null || stored(detail?.pdf_approved, values.removePdfApproved),
      modifies: values.modifies.map((norm) => norm.id),
      modifiedBy: values.modifiedBy.map((norm) => norm.id),
    },
    role,
    mode,
    ownName,
  );
}

/** The multipart body of POST /regulations: only the fields the form offers; lists as `name[]`, PDFs as files. */
export function toCreateFormData(values: RegulationFormValues, layout: RegulationFormLayout): FormData {
  return toFormData({
    type: values.type,
    subject: values.subject,
    ...(layout.state === 'editable' ? { state: values.state } : {}),
    author_type: values.authorType || undefined,
    authors: cleanList(values.authors),
    creation_date: layout.creationDate === 'editable' && values.creationDate ? (councilLocalToIso(values.creationDate) ?? values.creationDate) : undefined,
    dem_type: layout.demType ? values.demType || undefined : undefined,
    number: layout.number ? values.number.trim() || undefined : undefined,
    keywords: layout.keywords ? cleanList(values.keywords) : undefined,
    modifies: layout.links ? values.modifies.map((norm) => norm.id) : undefined,
    modified_by: layout.links ? values.modifiedBy.map((norm) => norm.id) : undefined,
    pdf_process: layout.pdfProcess ? values.pdfProcess : undefined,
    pdf_approved: layout.pdfApproved ? values.pdfApproved : undefined,
  });
}

const sameList = (a: readonly (string | number)[], b: readonly (string | number)[]) => a.length === b.length && a.every((item, index) => item === b[index]);
const sortedIds = (norms: readonly { id: number }[]) => norms.map((norm) => norm.id).sort((x, y) => x - y);

/** Only the fields that changed (spec 7.3), in the shape of the contract's `changes`. */
export function buildChanges(values: RegulationFormValues, detail: RegulationDetail, layout: RegulationFormLayout): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  if (layout.demType && (values.demType || null) !== detail.dem_type) changes.dem_type = values.demType || null;
  if (layout.number) {
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
  if (layout.links) {
    if (!sameList(sortedIds(values.modifies), sortedIds(detail.regulations_modified))) changes.modifies = values.modifies.map((norm) => norm.id);
    if (!sameList(sortedIds(values.modifiedBy), sortedIds(detail.regulations_that_modify))) changes.modified_by = values.modifiedBy.map((norm) => norm.id);
  }
  return changes;
}

/** The multipart body of POST /regulations/:id: the changes, the version edited and the PDFs (a file, or '' to remove). */
export function toUpdateFormData(values: RegulationFormValues, changes: Record<string, unknown>, version: number): FormData {
  return toFormData({
    changes: JSON.stringify(changes),
    version,
    pdf_process: values.pdfProcess ?? (values.removePdfProcess ? '' : undefined),
    pdf_approved: values.pdfApproved ?? (values.removePdfApproved ? '' : undefined),
  });
}

export function hasPendingFiles(values: RegulationFormValues): boolean {
  return values.pdfProcess !== null || values.pdfApproved !== null || values.removePdfProcess || values.removePdfApproved;
}
