import { z } from './zod.js';
import { regulationActionSchema } from './regulation-actions.js';
import { calendarDaySchema, dateTimeSchema, dayFilterSchema } from './dates.js';
import { searchTextSchema, textSchema } from './text.js';
import {
  LEGAL_FORCES,
  LINK_NOTE_MAX,
  MATCH_PLACES,
  PUBLIC_REGULATION_TYPES,
  PUBLIC_SEARCH_LIMITS,
  PUBLIC_SEARCH_MESSAGES,
  REGULATION_LINK_KINDS,
  REGULATION_TYPES,
  type RegulationLinkKind,
  type RegulationType,
} from './regulation-constants.js';

export const regulationTypeSchema = z.enum(REGULATION_TYPES, { error: 'El tipo de normativa no es válido.' });

export const DEM_TYPES = ['message', 'decree', 'ordinance'] as const;
export const demTypeSchema = z.enum(DEM_TYPES, { error: 'Debe seleccionar el Tipo de normativa del DEM.' });
export type DemType = z.infer<typeof demTypeSchema>;
export const DEM_TYPE_LABELS: Record<DemType, string> = { message: 'Mensaje', decree: 'Decreto', ordinance: 'Ordenanza' };

export const AUTHOR_TYPES = ['particular', 'concejal', 'DEM'] as const;
export const authorTypeSchema = z.enum(AUTHOR_TYPES, { error: 'El tipo de autor no es válido.' });
export type AuthorType = z.infer<typeof authorTypeSchema>;
export const AUTHOR_TYPE_LABELS: Record<AuthorType, string> = { particular: 'Particular', concejal: 'Concejal', DEM: 'DEM' };

export const REGULATION_STATES = ['process', 'approved'] as const;
export const regulationStateSchema = z.enum(REGULATION_STATES, { error: 'El estado no es válido.' });
export type RegulationState = z.infer<typeof regulationStateSchema>;
export const REGULATION_STATE_LABELS: Record<RegulationState, string> = { process: 'En proceso', approved: 'Aprobado' };

/**
 * Which author types a regulation of each type may have (spec 4, "Author type follows type").
 * The first one is the default the forms pick.
 */
export const AUTHOR_TYPES_BY_TYPE: Record<RegulationType, readonly AuthorType[]> = {
  'dem-message': ['DEM'],
  correspondence: ['particular'],
  declaration: ['concejal'],
  minute: ['concejal'],
  resolution: ['concejal'],
  ordinance: ['concejal', 'DEM'],
  decree: ['concejal', 'DEM'],
};

/** Whether a regulation of this type (and DEM sub-type) can modify or be modified by others. */
export function canHaveLinks(type: RegulationType, demType?: DemType | null): boolean {
  if (type === 'ordinance' || type === 'resolution' || type === 'decree') return true;
  return type === 'dem-message' && (demType === 'decree' || demType === 'ordinance');
}

/** Whether approving a regulation of this type needs the approved PDF (spec 5). */
export function needsApprovedPdf(type: RegulationType, demType?: DemType | null): boolean {
  if (type === 'correspondence') return false;
  if (type === 'dem-message') return demType === 'decree' || demType === 'ordinance';
  return true;
}

export const regulationNumberSchema = z.coerce
  .number({ error: 'El número debe ser un entero positivo.' })
  .int({ error: 'El número debe ser un entero positivo.' })
  .min(1, { error: 'El número debe ser un entero positivo.' })
  .max(99_999_999, { error: 'El número es demasiado grande.' });

/** A list item (author or keyword): trimmed, not empty, bounded. */
const listItem = (what: string) =>
  textSchema()
    .trim()
    .min(1, { error: `Cada ${what} debe tener texto.` })
    .max(200, { error: `Cada ${what} puede tener hasta 200 caracteres.` });

/** Trimmed, without empties, without repeats (case-insensitive), order kept. */
export function cleanList(items: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of items) {
    const item = raw.trim().replace(/\s+/g, ' ');
    const key = item.toLocaleLowerCase('es');
    if (item && !seen.has(key)) {
      seen.add(key);
      result.push(item);
    }
  }
  return result;
}

const idList = z.array(z.coerce.number().int().positive(), { error: 'La lista de normas no es válida.' }).max(200);

export const subjectSchema = textSchema({ error: 'El tema es obligatorio.' })
  .trim()
  .min(1, { error: 'El tema es obligatorio.' })
  .max(2000, { error: 'El tema puede tener hasta 2000 caracteres.' });

/** Multipart forms send an empty string for a field left blank. */
const emptyAsMissing = (value: unknown) => (value === '' ? undefined : value);

/** The text fields of POST /regulations (multipart; the PDFs travel as files beside them). */
export const createRegulationFieldsSchema = z.object({
  creation_date: z.preprocess(emptyAsMissing, dateTimeSchema('La fecha de creación no es válida.').optional()),
  type: regulationTypeSchema,
  dem_type: z.preprocess(emptyAsMissing, demTypeSchema.optional()),
  number: z.preprocess(emptyAsMissing, regulationNumberSchema.optional()),
  author_type: z.preprocess(emptyAsMissing, authorTypeSchema.optional()),
  authors: z.array(listItem('autor')).max(50, { error: 'Hasta 50 autores.' }).default([]).transform(cleanList),
  state: regulationStateSchema.default('process'),
  keywords: z.array(listItem('palabra clave')).max(50, { error: 'Hasta 50 palabras clave.' }).default([]).transform(cleanList),
  subject: subjectSchema,
  modifies: idList.default([]),
  modified_by: idList.default([]),
  repeals: idList.default([]),
  repealed_by: idList.default([]),
  partially_repeals: idList.default([]),
  partially_repealed_by: idList.default([]),
  regulates: idList.default([]),
  regulated_by: idList.default([]),
  suspends: idList.default([]),
  suspended_by: idList.default([]),
  extends: idList.default([]),
  extended_by: idList.default([]),
});
export type CreateRegulationFields = z.infer<typeof createRegulationFieldsSchema>;

/** `changes` of POST /regulations/:id: only the fields that changed. */
export const regulationChangesSchema = z
  .strictObject(
    {
    dem_type: demTypeSchema.nullable(),
    number: regulationNumberSchema.nullable(),
    author_type: authorTypeSchema,
    authors: z.array(listItem('autor')).max(50).transform(cleanList),
    state: regulationStateSchema,
    keywords: z.array(listItem('palabra clave')).max(50).transform(cleanList),
    subject: subjectSchema,
    modifies: idList,
    modified_by: idList,
    repeals: idList,
    repealed_by: idList,
    partially_repeals: idList,
    partially_repealed_by: idList,
    regulates: idList,
    regulated_by: idList,
    suspends: idList,
    suspended_by: idList,
    extends: idList,
    extended_by: idList,
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Hay campos que no se pueden modificar.' : undefined) },
  )
  .partial();
export type RegulationChanges = z.infer<typeof regulationChangesSchema>;

/**
 * The text fields of POST /regulations/:id (multipart, the PDFs beside them): `changes`, JSON of the
 * changed fields (its errors are reported by those fields' names), and the `version` edited.
 */
export const updateRegulationFieldsSchema = z.object({
  changes: z
    .string({ error: 'Los cambios no son válidos.' })
    .default('{}')
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Los cambios no son un JSON válido.' });
        return z.NEVER;
      }
    })
    .pipe(regulationChangesSchema),
  version: z.coerce
    .number({ error: 'Falta la versión de la normativa que se editó.' })
    .int({ error: 'Falta la versión de la normativa que se editó.' })
    .min(0, { error: 'Falta la versión de la normativa que se editó.' })
    .max(2_147_483_647, { error: 'Falta la versión de la normativa que se editó.' }),
});

export const oldRegulationFieldsSchema = z.object({
  date: calendarDaySchema('La fecha no es válida.'),
  type: regulationTypeSchema,
  dem_type: z.preprocess(emptyAsMissing, demTypeSchema.optional()),
  number: regulationNumberSchema,
  keywords: z.array(listItem('palabra clave')).max(50).default([]).transform(cleanList),
});
export type OldRegulationFields = z.infer<typeof oldRegulationFieldsSchema>;

export const staffRegulationQuerySchema = z.object({
  page: z.coerce.number({ error: 'La página debe ser un número.' }).int().min(1).max(100_000).default(1),
  search: searchTextSchema(z.string().trim().max(200).optional()),
  numberSearch: searchTextSchema(z.string().trim().max(20).optional()),
  type: z.union([regulationTypeSchema, z.literal('minutes').transform(() => 'minute' as const)]).optional().or(z.literal('').transform(() => undefined)),
  state: regulationStateSchema.optional().or(z.literal('').transform(() => undefined)),
  author_type: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const match = AUTHOR_TYPES.find((authorType) => authorType.toLowerCase() === value.toLowerCase());
      if (!match) ctx.addIssue({ code: 'custom', message: 'El tipo de autor no es válido.' });
      return match;
    }),
  author: searchTextSchema(z.string().trim().max(200).optional()),
  from: dayFilterSchema(),
  to: dayFilterSchema(),
});
export type StaffRegulationQuery = z.infer<typeof staffRegulationQuerySchema>;

const regulationRef = z.object({ id: z.number(), type: regulationTypeSchema, number: z.number().nullable(), subject: z.string() });
export type RegulationRef = z.infer<typeof regulationRef>;
/** A norm linked to the one shown, with the link's kind (it modifies, repeals... or is modified, repealed... by it). */
const linkedRegulationRef = regulationRef.extend({
  kind: z.enum(REGULATION_LINK_KINDS),
  // The API always sends these two; a link chosen in a form has them once it is saved.
  /** Which part it touches ("arts. 3 a 5"); null when none was written. */
  note: z.string().nullable().optional(),
  /** A suspension's last day (YYYY-MM-DD, inclusive); null: no end, or not a suspension. */
  until: z.string().nullable().optional(),
});
export type LinkedRegulationRef = z.infer<typeof linkedRegulationRef>;

/**
 * The payload fields of each link kind (DESIGN.md section 6): the norms this one links to that way, and
 * those that link to it that way. `modifies` / `modified_by` are the spec's own.
 */
export const LINK_FIELDS = {
  modifies: { outgoing: 'modifies', incoming: 'modified_by' },
  repeals: { outgoing: 'repeals', incoming: 'repealed_by' },
  partially_repeals: { outgoing: 'partially_repeals', incoming: 'partially_repealed_by' },
  regulates: { outgoing: 'regulates', incoming: 'regulated_by' },
  suspends: { outgoing: 'suspends', incoming: 'suspended_by' },
  extends: { outgoing: 'extends', incoming: 'extended_by' },
} as const satisfies Record<RegulationLinkKind, { outgoing: string; incoming: string }>;

export const staffRegulationListItemSchema = z.object({
  id: z.number(),
  type: regulationTypeSchema,
  dem_type: demTypeSchema.nullable(),
  number: z.number().nullable(),
  cargo: z.number(),
  /** `{sequence}-{C|D|P}-{year}`, given on registration (DESIGN.md 9.2); null for older and archive norms. */
  expediente: z.string().nullable(),
  subject: z.string(),
  created_at: z.string(),
  state: regulationStateSchema,
  author_type: authorTypeSchema.nullable(),
  authors: z.array(z.object({ name: z.string() })),
  keywords: z.array(z.object({ word: z.string() })),
  pdf_process: z.string().nullable(),
  pdf_approved: z.string().nullable(),
  is_old: z.union([z.literal(0), z.literal(1)]),
  /** Computed from the approved norms that repeal it (DESIGN.md section 6), never typed. */
  legal_force: z.enum(LEGAL_FORCES),
  /** What this user may do with it, computed by the API's policy; the UI only reads it. */
  can: z.object({ update: z.boolean(), delete: z.boolean(), details: z.boolean() }),
});
export type StaffRegulationListItem = z.infer<typeof staffRegulationListItemSchema>;

/**
 * A list counts its matches up to 1,000 (REGULATION_COUNT_LIMIT): `total_capped` says more match, and
 * the pages stop at the 1,000th (refine the search to see the rest).
 */
export const REGULATION_COUNT_LIMIT = 1000;

export const staffRegulationListSchema = z.object({
  current_page: z.number(),
  data: z.array(staffRegulationListItemSchema),
  total: z.number(),
  total_capped: z.boolean(),
  per_page: z.number(),
  last_page: z.number(),
  userName: z.string(),
});
export type StaffRegulationList = z.infer<typeof staffRegulationListSchema>;

export const modificationSchema = z.object({
  id: z.number(),
  user: z.object({ name: z.string(), last_name: z.string() }).nullable(),
  updated_at: z.string(),
  name_cell: z.string(),
  old_cell: z.string().nullable(),
  new_cell: z.string().nullable(),
});
export type Modification = z.infer<typeof modificationSchema>;

export const regulationDetailSchema = staffRegulationListItemSchema.extend({
  version: z.number(),
  /** The trámite, oldest step first (DESIGN.md 9.2). */
  actions: z.array(regulationActionSchema),
  regulations_modified: z.array(linkedRegulationRef),
  regulations_that_modify: z.array(linkedRegulationRef),
  modifications: z.array(modificationSchema),
  /** The last day of a term written in it (lapsed after it), and the day it was declared null (DESIGN.md 9.2). */
  in_force_until: z.string().nullable(),
  voided_on: z.string().nullable(),
});
export type RegulationDetail = z.infer<typeof regulationDetailSchema>;

export const relatedRegulationQuerySchema = z.object({
  search: searchTextSchema(z.string().trim().min(3, { error: 'La búsqueda necesita al menos 3 caracteres.' }).max(200)),
  type: regulationTypeSchema.optional(),
  id: z.coerce.number().int().positive().optional(),
  rule: z.literal('modified-by').optional(),
});
export const relatedRegulationListSchema = z.array(regulationRef);

/** Filters of the public search (spec 2.3): only the public types; pages from 1. */
export const publicRegulationQuerySchema = z.object({
  page: z.coerce.number({ error: 'La página debe ser un número.' }).int({ error: 'La página debe ser un número entero.' }).min(1, { error: 'La página debe ser 1 o mayor.' }).max(100_000).default(1),
  search: searchTextSchema(z.string().trim().max(PUBLIC_SEARCH_LIMITS.search, { error: PUBLIC_SEARCH_MESSAGES.searchTooLong }).optional()),
  numberSearch: searchTextSchema(z.string().trim().max(PUBLIC_SEARCH_LIMITS.numberSearch, { error: PUBLIC_SEARCH_MESSAGES.numberTooLong }).optional()),
  // An empty value (the form's «Todos») is no filter; anything else but a public type gets the type's own message.
  type: z.preprocess((value) => (value === '' ? undefined : value), z.enum(PUBLIC_REGULATION_TYPES, { error: PUBLIC_SEARCH_MESSAGES.typeInvalid }).optional()),
  legal_force: z.preprocess((value) => (value === '' ? undefined : value), z.enum(LEGAL_FORCES, { error: PUBLIC_SEARCH_MESSAGES.legalForceInvalid }).optional()),
  from: dayFilterSchema(),
  to: dayFilterSchema(),
  /** Legal force on this day instead of today's (DESIGN.md 9.2): `legal_force` and each result's force are that day's. */
  in_force_on: dayFilterSchema(),
  /** `en_tramite`: the projects agendas made public; `sancionada` (the default, the spec's list): enacted norms. */
  estado: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['en_tramite', 'sancionada'], { error: 'El estado no es válido.' }).optional()),
});
export type PublicRegulationQuery = z.infer<typeof publicRegulationQuerySchema>;

export const publishedRegulationSchema = z.object({
  id: z.number(),
  type: regulationTypeSchema,
  dem_type: demTypeSchema.nullable(),
  number: z.number().nullable(),
  subject: z.string(),
  keywords: z.array(z.object({ word: z.string() })),
  created_at: z.string(),
  pdf_approved: z.string().nullable(),
  legal_force: z.enum(LEGAL_FORCES),
  /** `{sequence}-{C|D|P}-{year}` (DESIGN.md 9.2); null for a norm registered before expedientes. */
  expediente: z.string().nullable(),
  /** The day of its sanción (YYYY-MM-DD, from its path), or null where none is recorded. */
  enacted_on: z.string().nullable(),
  /** Only with a search: where it matched, and a piece of the PDF's text around the match. */
  matched_in: z.array(z.enum(MATCH_PLACES)),
  excerpt: z.array(z.object({ text: z.string(), match: z.boolean() })).nullable(),
});
export type PublishedRegulation = z.infer<typeof publishedRegulationSchema>;

export const publishedRegulationListSchema = z.object({
  data: z.array(publishedRegulationSchema),
  total: z.number(),
  total_capped: z.boolean(),
  per_page: z.number(),
  current_page: z.number(),
  last_page: z.number(),
});
export type PublishedRegulationList = z.infer<typeof publishedRegulationListSchema>;

/**
 * A public norm linked to the one shown: it is modified, repealed... by it (`direction: 'outgoing'`:
 * the norm shown does `kind` to it) or does that to it (`incoming`). Only public norms are listed.
 */
export const publishedLinkSchema = z.object({
  kind: z.enum(REGULATION_LINK_KINDS),
  direction: z.enum(['outgoing', 'incoming']),
  type: z.enum(PUBLIC_REGULATION_TYPES),
  number: z.number(),
  subject: z.string(),
  legal_force: z.enum(LEGAL_FORCES),
  note: z.string().nullable(),
  until: z.string().nullable(),
});
export type PublishedLink = z.infer<typeof publishedLinkSchema>;

/** The page of one public norm (`GET /regulations/published/:type/:number`, DESIGN.md section 5). */
export const publishedRegulationDetailSchema = publishedRegulationSchema.omit({ matched_in: true, excerpt: true }).extend({
  type: z.enum(PUBLIC_REGULATION_TYPES),
  number: z.number(),
  /** When it was approved; null for a norm loaded from the archive without that date. */
  approved_at: z.string().nullable(),
  authors: z.array(z.object({ name: z.string() })),
  /** Loaded from the archive (an old norm). */
  is_old: z.boolean(),
  links: z.array(publishedLinkSchema),
  /** The beginning of the PDF's text (up to about 600 characters), or null when it has none yet. */
  text_start: z.string().nullable(),
  /** The PDF is a scan whose text was recognised automatically (OCR): it may hold errors. */
  text_recognized: z.boolean(),
  /** The trámite, oldest step first: every step is public record (its note too). */
  actions: z.array(regulationActionSchema),
  /** From the steps (besides enacted_on): promulgación, publicación in the Boletín Oficial, in force from. */
  promulgated_on: z.string().nullable(),
  published_on: z.string().nullable(),
  in_force_from: z.string().nullable(),
  in_force_until: z.string().nullable(),
  voided_on: z.string().nullable(),
  /** Asked with `in_force_on`: its legal force that day, null when it had not yet taken effect. */
  force_on: z.object({ day: z.string(), legal_force: z.enum(LEGAL_FORCES).nullable() }).nullable(),
});
export type PublishedRegulationDetail = z.infer<typeof publishedRegulationDetailSchema>;

/** The address of one public norm: its public type and official number (anything else is a 404). */
export const publishedRegulationParamsSchema = z.object({ type: z.string().max(40), number: z.string().max(20) });

/** Messages of the legal-force facts a staff member sets (DESIGN.md 9.2). */
export const LEGAL_FORCE_MESSAGES = {
  noteTooLong: `La nota del vínculo admite hasta ${LINK_NOTE_MAX} caracteres.`,
  untilOnlySuspension: 'Solo una suspensión tiene fecha de fin.',
  noLink: 'Las dos normativas no están vinculadas.',
  day: 'La fecha no es válida (AAAA-MM-DD).',
  inForceOn: 'La fecha de vigencia no es válida (AAAA-MM-DD).',
} as const;

const clearableDay = z.preprocess((value) => (value === '' ? null : value), calendarDaySchema(LEGAL_FORCE_MESSAGES.day).nullable());

/** PATCH /regulations/:id/links/:otherId: the note on the link between two norms, and a suspension's last day. */
export const linkDetailsSchema = z.strictObject({
  note: z.preprocess((value) => (typeof value === 'string' ? value.trim() || null : value), textSchema({ error: LEGAL_FORCE_MESSAGES.noteTooLong }).max(LINK_NOTE_MAX, { error: LEGAL_FORCE_MESSAGES.noteTooLong }).nullable()).optional(),
  until: clearableDay.optional(),
});
export type LinkDetails = z.infer<typeof linkDetailsSchema>;
export const linkDetailsAnswerSchema = z.object({
  kind: z.enum(REGULATION_LINK_KINDS),
  direction: z.enum(['outgoing', 'incoming']),
  note: z.string().nullable(),
  until: z.string().nullable(),
});
export type LinkDetailsAnswer = z.infer<typeof linkDetailsAnswerSchema>;

/** PATCH /regulations/:id/legal-force: the facts of its own force, each cleared with null or ''. */
export const legalForceFactsSchema = z.strictObject({
  in_force_until: clearableDay.optional(),
  voided_on: clearableDay.optional(),
});
export type LegalForceFacts = z.infer<typeof legalForceFactsSchema>;
export const legalForceFactsAnswerSchema = z.object({
  in_force_until: z.string().nullable(),
  voided_on: z.string().nullable(),
  /** Its legal force today, after the change. */
  legal_force: z.enum(LEGAL_FORCES),
});
export type LegalForceFactsAnswer = z.infer<typeof legalForceFactsAnswerSchema>;

/** The page of a public norm asked about a day (`?in_force_on=`). */
export const publishedRegulationDayQuerySchema = z.object({ in_force_on: dayFilterSchema(LEGAL_FORCE_MESSAGES.inForceOn) });

/** The states the public search tells apart (DESIGN.md 9.2): projects in trámite, and enacted norms. */
export const PUBLIC_STATES = ['en_tramite', 'sancionada'] as const;
export type PublicState = (typeof PUBLIC_STATES)[number];
export const PUBLIC_STATE_LABELS: Record<PublicState, string> = { en_tramite: 'En trámite', sancionada: 'Sancionada' };

/**
 * `GET /regulations/published/expediente/:expediente`: a project of a public type listed in an agenda
 * (its page: "En trámite", its expediente, authors, subject, timeline and process PDF), or, once it was
 * enacted, where its norm's page is now.
 */
export const publishedProjectSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('en_tramite'),
    id: z.number(),
    type: z.enum(PUBLIC_REGULATION_TYPES),
    expediente: z.string(),
    subject: z.string(),
    created_at: z.string(),
    authors: z.array(z.object({ name: z.string() })),
    keywords: z.array(z.object({ word: z.string() })),
    /** The project's PDF: public while the project is. */
    pdf_process: z.string().nullable(),
    actions: z.array(regulationActionSchema),
  }),
  z.object({ state: z.literal('sancionada'), type: z.enum(PUBLIC_REGULATION_TYPES), number: z.number(), expediente: z.string() }),
]);
export type PublishedProject = z.infer<typeof publishedProjectSchema>;
export const publishedProjectParamsSchema = z.object({ expediente: z.string().max(40) });
