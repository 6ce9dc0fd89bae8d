import { z } from './zod.js';
import { hasOffset } from './date-range.js';
import { dateTimeSchema, dayFilterSchema } from './dates.js';
import { textSchema } from './text.js';
import { DAY_FILTER_MESSAGES } from './date-range.js';
import { SESSION_TYPES } from './day-order-constants.js';
import type { RegulationType } from './regulation-constants.js';
import { regulationStateSchema, regulationTypeSchema, authorTypeSchema } from './regulations.js';

export const sessionTypeSchema = z.enum(SESSION_TYPES, { error: 'Debe seleccionar el tipo de sesión.' });

/** Sections filled with regulations in process (the agenda's sources). */
export const SOURCE_SECTIONS = ['correspondence', 'dem_message', 'projects'] as const;
export type SourceSection = (typeof SOURCE_SECTIONS)[number];
/** Sections filled with free text: the commissions' dispatches. */
export const COMMISSION_SECTIONS = ['comision_gobierno', 'comision_hacienda', 'comision_obras', 'comision_higiene'] as const;
export type CommissionSection = (typeof COMMISSION_SECTIONS)[number];
/** Sections 2 to 8 of the agenda, in order (spec 9); section 1 is the previous minutes. */
export const AGENDA_SECTIONS = [...SOURCE_SECTIONS, ...COMMISSION_SECTIONS] as const;
export type AgendaSection = (typeof AGENDA_SECTIONS)[number];

/** The number each section has on the agenda (spec 9). */
export const AGENDA_SECTION_NUMBERS: Record<AgendaSection, number> = {
  correspondence: 2,
  dem_message: 3,
  projects: 4,
  comision_gobierno: 5,
  comision_hacienda: 6,
  comision_obras: 7,
  comision_higiene: 8,
};

export const PREVIOUS_MINUTES_TITLE = 'Consideración del Acta de la sesión anterior';

export const AGENDA_SECTION_TITLES: Record<AgendaSection, string> = {
  correspondence: 'Correspondencia recibida',
  dem_message: 'Mensajes del Departamento Ejecutivo',
  projects: 'Proyectos de los concejales',
  comision_gobierno: 'Despachos de la Comisión de Gobierno',
  comision_hacienda: 'Despachos de la Comisión de Hacienda',
  comision_obras: 'Despachos de la Comisión de Obras Públicas',
  comision_higiene: 'Despachos de la Comisión de Higiene',
};

/** Which source section a regulation of each type goes to: every other type is a councillor's project. */
export function sourceSectionOf(type: RegulationType): SourceSection {
  if (type === 'correspondence') return 'correspondence';
  if (type === 'dem-message') return 'dem_message';
  return 'projects';
}

/** The search of the agenda builder: regulations in process created between two date-times (both included). */
export const dayOrderSourcesQuerySchema = z
  .object({
    startDate: dateTimeSchema('La fecha de inicio no es válida.'),
    endDate: dateTimeSchema('La fecha de fin no es válida.'),
  })
  .refine((query) => !isBefore(query.endDate, query.startDate), {
    path: ['endDate'],
    error: 'La fecha de fin no puede ser anterior a la de inicio.',
  });
export type DayOrderSourcesQuery = z.infer<typeof dayOrderSourcesQuerySchema>;

/** Compares two ISO date-times of the same kind (both local or both with an offset); mixed kinds are left to the server. */
function isBefore(a: string, b: string): boolean {
  if (hasOffset(a) !== hasOffset(b)) return false;
  // Two wall-clock times compare as if both were UTC.
  return hasOffset(a) ? Date.parse(a) < Date.parse(b) : Date.parse(`${a}Z`) < Date.parse(`${b}Z`);
}

/** A pending item the agenda builder offers: in process, and on no agenda yet. */
export const sourceItemSchema = z.object({
  id: z.number(),
  subject: z.string(),
  cargo: z.number(),
  authors: z.array(z.object({ name: z.string() })),
  type: regulationTypeSchema,
});
export type SourceItem = z.infer<typeof sourceItemSchema>;

export const dayOrderSourcesSchema = z.object({
  correspondence: z.array(sourceItemSchema),
  dem_message: z.array(sourceItemSchema),
  projects: z.array(sourceItemSchema),
});
export type DayOrderSources = z.infer<typeof dayOrderSourcesSchema>;

export const MAX_ITEMS_PER_SECTION = 300;
export const MAX_COMMISSION_TEXT = 2000;
export const MAX_PREVIOUS_MINUTES = 30;

const regulationIds = z
  .array(
    z.coerce
      .number({ error: 'La normativa seleccionada no es válida.' })
      .int({ error: 'La normativa seleccionada no es válida.' })
      .positive({ error: 'La normativa seleccionada no es válida.' })
      .max(2_147_483_647, { error: 'La normativa seleccionada no es válida.' }),
    { error: 'La lista de normativas no es válida.' },
  )
  .max(MAX_ITEMS_PER_SECTION, { error: `Cada sección admite hasta ${MAX_ITEMS_PER_SECTION} normativas.` })
  .default([])
  .refine((ids) => new Set(ids).size === ids.length, { error: 'Hay normativas repetidas en esta sección.' });

/** One commission dispatch (free text). */
export const commissionTextSchema = textSchema({ error: 'Cada despacho debe ser un texto.' })
  .trim()
  .min(1, { error: 'Cada despacho debe tener texto.' })
  .max(MAX_COMMISSION_TEXT, { error: `Cada despacho puede tener hasta ${MAX_COMMISSION_TEXT} caracteres.` });

const commissionTexts = z
  .array(commissionTextSchema, { error: 'La lista de despachos no es válida.' })
  .max(MAX_ITEMS_PER_SECTION, { error: `Cada comisión admite hasta ${MAX_ITEMS_PER_SECTION} despachos.` })
  .default([])
  .refine((texts) => new Set(texts.map((text) => text.toLocaleLowerCase('es'))).size === texts.length, {
    error: 'Hay despachos repetidos en esta comisión.',
  });

/** The agenda payload of spec 3 (POST /day-orders). */
export const createDayOrderSchema = z.object({
  sessionType: sessionTypeSchema,
  date: dateTimeSchema('Debe ingresar la fecha y hora de la sesión.'),
  acta: z
    .union([z.string(), z.number()], { error: 'Debe ingresar el número del acta anterior.' })
    .transform((value) => String(value).trim())
    .pipe(
      textSchema()
        .min(1, { error: 'Debe ingresar el número del acta anterior.' })
        .max(MAX_PREVIOUS_MINUTES, { error: `El número de acta puede tener hasta ${MAX_PREVIOUS_MINUTES} caracteres.` }),
    ),
  correspondence: regulationIds,
  dem_message: regulationIds,
  projects: regulationIds,
  comision_gobierno: commissionTexts,
  comision_hacienda: commissionTexts,
  comision_obras: commissionTexts,
  comision_higiene: commissionTexts,
});
export type CreateDayOrderInput = z.input<typeof createDayOrderSchema>;
export type CreateDayOrder = z.infer<typeof createDayOrderSchema>;

export const createDayOrderResponseSchema = z.object({
  id: z.number(),
  pdf_path: z.string(),
  /** The same agenda as an editable Word document: a signed link for staff that expires (issue 17). */
  docx_path: z.string(),
});
export type CreateDayOrderResponse = z.infer<typeof createDayOrderResponseSchema>;

/** The page asked for; none (or an empty value) is the first. */
const pageParam = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.coerce
    .number({ error: 'La página debe ser un número.' })
    .int({ error: 'La página debe ser un número entero.' })
    .min(1, { error: 'La página debe ser 1 o mayor.' })
    .max(100_000, { error: 'La página es demasiado grande.' })
    .default(1),
);
export const publishedDayOrderQuerySchema = z.object({ page: pageParam, from: dayFilterSchema(), to: dayFilterSchema() });
export type PublishedDayOrderQuery = z.infer<typeof publishedDayOrderQuerySchema>;

/**
 * The list's filter form (Desde / Hasta, the days of the sessions): the query's own day rules, and a "to" that is
 * not before the "from" (the API answers such a range with an empty page).
 */
export const dayOrderFiltersSchema = publishedDayOrderQuerySchema
  .pick({ from: true, to: true })
  .refine((filters) => !filters.from || !filters.to || filters.to >= filters.from, { path: ['to'], error: DAY_FILTER_MESSAGES.toBeforeFrom });

/** A row of the agenda lists: the session it is for (date, time and type), when it was made and its PDF. */
export const publishedDayOrderSchema = z.object({
  id: z.number(),
  date_creation: z.string(),
  session_date: z.string(),
  session_type: sessionTypeSchema,
  pdf_path: z.string().nullable(),
});
export type PublishedDayOrder = z.infer<typeof publishedDayOrderSchema>;

const paginated = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), current_page: z.number(), last_page: z.number(), total: z.number(), per_page: z.number() });

export const publishedDayOrderListSchema = paginated(publishedDayOrderSchema);
export type PublishedDayOrderList = z.infer<typeof publishedDayOrderListSchema>;

export const dayOrderSummaryQuerySchema = z.object({ page: pageParam });
export const dayOrderSummarySchema = publishedDayOrderSchema.extend({ total_regulations: z.number() });
export type DayOrderSummary = z.infer<typeof dayOrderSummarySchema>;
export const dayOrderSummaryListSchema = paginated(dayOrderSummarySchema);
export type DayOrderSummaryList = z.infer<typeof dayOrderSummaryListSchema>;

export const dayOrderItemSchema = z.object({
  id: z.number(),
  order_in_section: z.number(),
  regulation: z
    .object({
      id: z.number(),
      subject: z.string(),
      cargo: z.number(),
      number: z.number().nullable(),
      type: regulationTypeSchema,
      state: regulationStateSchema,
      author_type: authorTypeSchema.nullable(),
      authors: z.array(z.string()),
      created_at: z.string(),
      pdf_approved: z.string().nullable(),
      pdf_process: z.string().nullable(),
    })
    .nullable(),
  custom_text: z.string().nullable(),
});
export type DayOrderItem = z.infer<typeof dayOrderItemSchema>;

export const dayOrderDetailSchema = z.object({
  day_order: z.object({
    id: z.number(),
    pdf_path: z.string().nullable(),
    /** The editable Word document (a signed link that expires); null for an agenda made before it existed. */
    docx_path: z.string().nullable().default(null),
    date_creation: z.string(),
    session_date: z.string(),
    session_type: sessionTypeSchema,
    previous_minutes: z.string(),
  }),
  items_by_section: z.object(
    Object.fromEntries(AGENDA_SECTIONS.map((section) => [section, z.array(dayOrderItemSchema)])) as Record<AgendaSection, z.ZodArray<typeof dayOrderItemSchema>>,
  ),
});
export type DayOrderDetail = z.infer<typeof dayOrderDetailSchema>;

export const deleteDayOrderResponseSchema = z.object({ message: z.string() });
