import {
  LINK_FIELDS,
  REGULATION_LINK_KINDS,
  authorTypeOptions,
  canHaveLinks,
  cleanList,
  offeredFields,
  regulationPermissions,
  type AuthorType,
  type DemType,
  type RegulationDetail,
  type RegulationMode,
  type LinkedRegulationRef,
  type REGULATION_FORM_FIELDS,
  type RegulationLinkKind,
  type RegulationState,
  type RegulationType,
  type Role,
} from '@concejo/contracts';
import { toFormData } from '../../components/form/form-data';
import type { CouncilDates } from '../../lib/format';

/**
 * The regulation forms, derived from the contracts' regulation-rules.ts (the same rules the API
 * enforces): which fields the role sees for the type chosen, how a choice changes the others, and the
 * multipart bodies sent (the schema react-hook-form checks is form-schema.ts). Pure: the pages render it.
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
  /** The spec's two lists, "norms it modifies" and "norms that modify it": each chosen norm with its link's kind. */
  modifies: LinkedRegulationRef[];
  modifiedBy: LinkedRegulationRef[];
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
} as const satisfies Record<(typeof REGULATION_FORM_FIELDS)[number], keyof RegulationFormValues>;

/** Where a 422 on a link field of another kind lands: under the list that holds that side's links. */
export const LINK_FORM_NAME_OF = Object.fromEntries(
  REGULATION_LINK_KINDS.flatMap((kind) => [
    [LINK_FIELDS[kind].outgoing, 'modifies'],
    [LINK_FIELDS[kind].incoming, 'modifiedBy'],
  ]),
) as Record<string, 'modifies' | 'modifiedBy'>;

/** The kind a norm gets when it is chosen: the spec's own link. */
export const DEFAULT_LINK_KIND: RegulationLinkKind = 'modifies';

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

/** A side's links as the form's lists hold them (the answer's items, without anything else they may carry). */
const linksOf = (links: readonly LinkedRegulationRef[]): LinkedRegulationRef[] => links.map(({ id, type, number, subject, kind }) => ({ id, type, number, subject, kind }));

type LinkSide = 'outgoing' | 'incoming';

/** The ids of one kind on one side, as the payload field of that kind sends them. */
const idsOfKind = (links: readonly LinkedRegulationRef[], kind: RegulationLinkKind) => links.filter((link) => link.kind === kind).map((link) => link.id);

/** Every kind's field of one side: `{ repeals: [3], modifies: [], ... }`. */
function linkFields(links: readonly LinkedRegulationRef[], side: LinkSide): Record<string, number[]> {
  return Object.fromEntries(REGULATION_LINK_KINDS.map((kind) => [LINK_FIELDS[kind][side], idsOfKind(links, kind)]));
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

export function valuesFromDetail(detail: RegulationDetail, dates: CouncilDates): RegulationFormValues {
  return {
    creationDate: dates.isoToLocal(detail.created_at),
    type: detail.type,
    demType: detail.dem_type ?? '',
    number: detail.number === null ? '' : String(detail.number),
    authorType: detail.author_type ?? '',
    authors: detail.authors.map((author) => author.name),
    state: detail.state,
    keywords: detail.keywords.map((keyword) => keyword.word),
    subject: detail.subject,
    modifies: linksOf(detail.regulations_modified),
    modifiedBy: linksOf(detail.regulations_that_modify),
    pdfProcess: null,
    pdfApproved: null,
    removePdfProcess: false,
    removePdfApproved: false,
  };
}

/** The multipart body of POST /regulations: only the fields the form offers; lists as `name[]` (the links by kind), PDFs as files. */
export function toCreateFormData(values: RegulationFormValues, layout: RegulationFormLayout, dates: CouncilDates): FormData {
  return toFormData({
    type: values.type,
    subject: values.subject,
    ...(layout.state === 'editable' ? { state: values.state } : {}),
    author_type: values.authorType || undefined,
    authors: cleanList(values.authors),
    creation_date: layout.creationDate === 'editable' && values.creationDate ? (dates.localToIso(values.creationDate) ?? values.creationDate) : undefined,
    dem_type: layout.demType ? values.demType || undefined : undefined,
    number: layout.number ? values.number.trim() || undefined : undefined,
    keywords: layout.keywords ? cleanList(values.keywords) : undefined,
    ...(layout.links ? { ...linkFields(values.modifies, 'outgoing'), ...linkFields(values.modifiedBy, 'incoming') } : {}),
    pdf_process: layout.pdfProcess ? values.pdfProcess : undefined,
    pdf_approved: layout.pdfApproved ? values.pdfApproved : undefined,
  });
}

const sameList = (a: readonly (string | number)[], b: readonly (string | number)[]) => a.length === b.length && a.every((item, index) => item === b[index]);
const sortedIds = (ids: readonly number[]) => [...ids].sort((x, y) => x - y);

/**
 * The kinds of one side whose set of norms changed, each as its whole new list (the API replaces each
 * kind sent). A norm moved from one kind to another changes both sets, so both fields go: sending only
 * the new one would leave the norm under the old kind too, which the API refuses.
 */
function changedLinkFields(chosen: readonly LinkedRegulationRef[], stored: readonly LinkedRegulationRef[], side: LinkSide): Record<string, number[]> {
  const changed: Record<string, number[]> = {};
  for (const kind of REGULATION_LINK_KINDS) {
    const ids = idsOfKind(chosen, kind);
    if (!sameList(sortedIds(ids), sortedIds(idsOfKind(stored, kind)))) changed[LINK_FIELDS[kind][side]] = ids;
  }
  return changed;
}

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
    Object.assign(changes, changedLinkFields(values.modifies, detail.regulations_modified, 'outgoing'));
    Object.assign(changes, changedLinkFields(values.modifiedBy, detail.regulations_that_modify, 'incoming'));
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
