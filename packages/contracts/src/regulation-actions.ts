// The path of each norm (DESIGN.md section 9.2): its expediente and the dated steps of its trámite.
import { calendarDaySchema } from './dates.js';
import type { AuthorType } from './regulations.js';
import { textSchema } from './text.js';
import { z } from './zod.js';

/**
 * The expediente's letter from the author type: C concejal, D DEM, P particular. A norm without an
 * author type (never on registration since the author type is always set then) counts as a concejal's.
 */
export const EXPEDIENTE_LETTERS: Record<AuthorType, 'C' | 'D' | 'P'> = { concejal: 'C', DEM: 'D', particular: 'P' };

/** `{sequence}-{letter}-{year}`, e.g. `123-C-2026`. */
export function formatExpediente(sequence: number, letter: string, year: number): string {
  return `${sequence}-${letter}-${year}`;
}

/** An expediente as typed in a search box (`123-c-2026`, ` 123-C-2026 `): its canonical form, or null. */
export function parseExpediente(text: string): string | null {
  const match = /^\s*(\d{1,7})\s*-\s*([CDPcdp])\s*-\s*(\d{4})\s*$/.exec(text);
  if (!match) return null;
  return formatExpediente(Number(match[1]), match[2]!.toUpperCase(), Number(match[3]));
}

export const REGULATION_ACTION_KINDS = [
  'ingreso',
  'giro',
  'despacho',
  'orden_del_dia',
  'tratamiento',
  'sancion',
  'promulgacion',
  'veto',
  'insistencia',
  'publicacion',
  'archivo',
  'caducidad',
] as const;
export type RegulationActionKind = (typeof REGULATION_ACTION_KINDS)[number];

export const REGULATION_ACTION_LABELS: Record<RegulationActionKind, string> = {
  ingreso: 'Ingreso por Mesa de Entradas',
  giro: 'Giro a comisión',
  despacho: 'Despacho de comisión',
  orden_del_dia: 'Incluido en el orden del día',
  tratamiento: 'Tratado en sesión',
  sancion: 'Sanción',
  promulgacion: 'Promulgación',
  veto: 'Veto',
  insistencia: 'Insistencia',
  publicacion: 'Publicación en el Boletín Oficial',
  archivo: 'Archivo',
  caducidad: 'Caducidad',
};

/** Written by the system (registration, approval, an agenda, a session's outcome): never deleted, only their date corrected. */
export const AUTOMATIC_ACTION_KINDS = ['ingreso', 'orden_del_dia', 'tratamiento', 'sancion'] as const satisfies readonly RegulationActionKind[];
/** Added by the staff with edit rights on the regulation's detail page. */
export const MANUAL_ACTION_KINDS = ['giro', 'despacho', 'promulgacion', 'veto', 'insistencia', 'publicacion', 'archivo', 'caducidad'] as const satisfies readonly RegulationActionKind[];
export type ManualActionKind = (typeof MANUAL_ACTION_KINDS)[number];


/**
 * The steps whose dates must keep the path's order (DESIGN.md 9.2): ingreso <= sanción <= promulgación
 * <= publicación. Each rank may hold several actions; only ranked kinds are compared.
 */
export const ACTION_ORDER: Partial<Record<RegulationActionKind, number>> = { ingreso: 0, sancion: 1, promulgacion: 2, publicacion: 3 };

/** A committee the trámite refers to: until the people issue, one of the agenda's four commission sections. */
export const ACTION_COMMITTEES = ['gobierno', 'hacienda', 'obras', 'higiene'] as const;
export const ACTION_COMMITTEE_LABELS: Record<(typeof ACTION_COMMITTEES)[number], string> = {
  gobierno: 'Comisión de Gobierno',
  hacienda: 'Comisión de Hacienda',
  obras: 'Comisión de Obras Públicas',
  higiene: 'Comisión de Higiene y Salud',
};

export const ACTION_MESSAGES = {
  kind: 'Seleccione un paso del trámite que se pueda cargar.',
  date: 'La fecha no es válida (AAAA-MM-DD).',
  committee: 'Seleccione la comisión.',
  majority: 'Indique si es despacho de mayoría o de minoría.',
  promulgationKind: 'Indique si la promulgación es expresa o tácita.',
  decree: 'Indique el número de decreto.',
  vetoKind: 'Indique si el veto es total o parcial.',
  edition: 'Indique el número de edición del Boletín Oficial.',
  page: 'La página debe ser un número entre 1 y 100000.',
  url: 'La dirección debe empezar con https:// o http://.',
  inForceFrom: 'La fecha de entrada en vigencia no es válida (AAAA-MM-DD).',
  note: 'La nota admite hasta 500 caracteres.',
  notAutomatic: 'Los pasos automáticos del trámite no se eliminan; se puede corregir su fecha.',
  tooMany: 'El trámite de una normativa admite hasta 200 pasos.',
  noExpediente: 'Las normativas antiguas no tienen trámite.',
  pdfOnlyDespacho: 'Solo el despacho de comisión lleva un PDF.',
  pdfMissing: 'Adjunte el PDF del despacho.',
  noPdf: 'El despacho no tiene un PDF adjunto.',
} as const;

/** Steps a norm's trámite may hold: a project goes through a handful; 200 keeps a script from piling up rows. */
export const MAX_ACTIONS_PER_REGULATION = 200;

const optionalNote = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  textSchema({ error: ACTION_MESSAGES.note }).max(500, { error: ACTION_MESSAGES.note }).optional(),
);
const decreeNumber = textSchema({ error: ACTION_MESSAGES.decree }).min(1, { error: ACTION_MESSAGES.decree }).max(40, { error: ACTION_MESSAGES.decree });
const actionDate = calendarDaySchema(ACTION_MESSAGES.date);
const committee = z.enum(ACTION_COMMITTEES, { error: ACTION_MESSAGES.committee });
const httpUrl = z
  .string({ error: ACTION_MESSAGES.url })
  .trim()
  .max(500, { error: ACTION_MESSAGES.url })
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), { error: ACTION_MESSAGES.url });
const optionalUrl = z.preprocess((value) => (value === '' || value === null ? undefined : value), httpUrl.optional());

/** What each manual kind carries besides its date and note (a form post: every value is text). */
export const newActionSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('giro'), date: actionDate, note: optionalNote, committee }),
    z.object({ kind: z.literal('despacho'), date: actionDate, note: optionalNote, committee, majority: z.enum(['mayoria', 'minoria'], { error: ACTION_MESSAGES.majority }) }),
    z.discriminatedUnion(
      'promulgation',
      [
        z.object({ kind: z.literal('promulgacion'), promulgation: z.literal('expresa'), date: actionDate, note: optionalNote, decree: decreeNumber }),
        z.object({ kind: z.literal('promulgacion'), promulgation: z.literal('tacita'), date: actionDate, note: optionalNote }),
      ],
      { error: ACTION_MESSAGES.promulgationKind },
    ),
    z.object({ kind: z.literal('veto'), date: actionDate, note: optionalNote, veto: z.enum(['total', 'parcial'], { error: ACTION_MESSAGES.vetoKind }), decree: decreeNumber }),
    z.object({ kind: z.literal('insistencia'), date: actionDate, note: optionalNote }),
    z.object({
      kind: z.literal('publicacion'),
      date: actionDate,
      note: optionalNote,
      edition: textSchema({ error: ACTION_MESSAGES.edition }).min(1, { error: ACTION_MESSAGES.edition }).max(40, { error: ACTION_MESSAGES.edition }),
      page: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.coerce.number({ error: ACTION_MESSAGES.page }).int({ error: ACTION_MESSAGES.page }).min(1, { error: ACTION_MESSAGES.page }).max(100_000, { error: ACTION_MESSAGES.page }).optional()),
      url: optionalUrl,
      /** When it comes into force, if not on the day of its publication (the norm may say so). */
      in_force_from: z.preprocess((value) => (value === '' || value === null ? undefined : value), calendarDaySchema(ACTION_MESSAGES.inForceFrom).optional()),
    }),
    z.object({ kind: z.literal('archivo'), date: actionDate, note: optionalNote }),
    z.object({ kind: z.literal('caducidad'), date: actionDate, note: optionalNote }),
  ],
  { error: ACTION_MESSAGES.kind },
);
export type NewAction = z.infer<typeof newActionSchema>;

/** PATCH: the date of any step (archives are loaded late), and the note of a manual one. */
export const actionChangesSchema = z.object({ date: actionDate });
export type ActionChanges = z.infer<typeof actionChangesSchema>;

/** The details an action keeps beside its date (jsonb), by kind; what is absent is null. */
export const actionDetailsSchema = z.object({
  committee: z.enum(ACTION_COMMITTEES).nullable(),
  majority: z.enum(['mayoria', 'minoria']).nullable(),
  promulgation: z.enum(['expresa', 'tacita']).nullable(),
  veto: z.enum(['total', 'parcial']).nullable(),
  decree: z.string().nullable(),
  edition: z.string().nullable(),
  page: z.number().nullable(),
  url: z.string().nullable(),
  /** A publicación's date of entry into force, when it is not the publication's own. */
  in_force_from: z.string().nullable(),
  /** The agenda (orden del día) that listed it, for `orden_del_dia`. */
  day_order_id: z.number().nullable(),
});
export type ActionDetails = z.infer<typeof actionDetailsSchema>;

export const regulationActionSchema = actionDetailsSchema.extend({
  id: z.number(),
  kind: z.enum(REGULATION_ACTION_KINDS),
  label: z.string(),
  date: z.string(),
  note: z.string().nullable(),
  automatic: z.boolean(),
  /** The despacho's PDF, when one was attached. */
  pdf: z.string().nullable(),
});
export type RegulationAction = z.infer<typeof regulationActionSchema>;

/** What a step says after its label, in Spanish: «Comisión de Hacienda, mayoría», «Decreto 12/2026». */
export function actionSummary(action: Pick<RegulationAction, 'kind' | keyof ActionDetails>): string {
  const parts: string[] = [];
  if (action.committee) parts.push(ACTION_COMMITTEE_LABELS[action.committee]);
  if (action.majority) parts.push(action.majority === 'mayoria' ? 'despacho de mayoría' : 'despacho de minoría');
  if (action.promulgation) parts.push(action.promulgation === 'expresa' ? 'expresa' : 'tácita');
  if (action.veto) parts.push(action.veto === 'total' ? 'total' : 'parcial');
  if (action.decree) parts.push(`Decreto ${action.decree}`);
  if (action.edition) parts.push(`edición N° ${action.edition}`);
  if (action.page) parts.push(`página ${action.page}`);
  if (action.in_force_from) parts.push(`vigente desde el ${formatActionDay(action.in_force_from)}`);
  return parts.join(', ');
}

/**
 * The first pair of steps whose dates break the path's order once `candidate` is added or redated, or
 * null: what the 422 names («La Sanción (2026-03-01) no puede ser anterior al Ingreso (2026-03-05)»).
 */
export function actionOrderError(actions: readonly Pick<RegulationAction, 'id' | 'kind' | 'date'>[], candidate: Pick<RegulationAction, 'kind' | 'date'> & { id?: number }): string | null {
  const rank = ACTION_ORDER[candidate.kind];
  if (rank === undefined) return null;
  for (const other of actions) {
    if (other.id === candidate.id) continue;
    const otherRank = ACTION_ORDER[other.kind];
    if (otherRank === undefined || otherRank === rank) continue;
    const [earlier, later] = otherRank < rank ? [other, candidate] : [candidate, other];
    if (later.date < earlier.date) {
      return `La fecha de ${REGULATION_ACTION_LABELS[later.kind]} (${later.date}) no puede ser anterior a la de ${REGULATION_ACTION_LABELS[earlier.kind]} (${earlier.date}).`;
    }
  }
  return null;
}

/** A calendar day `AAAA-MM-DD` as the council reads it: `DD/MM/AAAA`. */
export function formatActionDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}
