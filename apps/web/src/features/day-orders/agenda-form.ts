import {
  COMMISSION_SECTIONS,
  createDayOrderSchema,
  MAX_COMMISSION_TEXT,
  SOURCE_SECTIONS,
  type CommissionSection,
  type CreateDayOrderInput,
  type DayOrderSources,
  type SessionType,
  type SourceItem,
  type SourceSection,
} from '@concejo/contracts';
import { councilLocalDateTime } from './format';

/** What the agenda form holds while it is being filled. */
export type AgendaDraft = {
  sessionType: SessionType | '';
  /** `datetime-local` value: the council's wall clock (the API reads it in the council's time zone). */
  date: string;
  acta: string;
  selected: Record<SourceSection, number[]>;
  commissions: Record<CommissionSection, string[]>;
};

export type FieldErrors = Record<string, string[]>;

export function emptyDraft(): AgendaDraft {
  return {
    sessionType: '',
    date: '',
    acta: '',
    selected: { correspondence: [], dem_message: [], projects: [] },
    commissions: { comision_gobierno: [], comision_hacienda: [], comision_obras: [], comision_higiene: [] },
  };
}

// ---- The range of the sources search -------------------------------------------------------------

/** The last 30 days, from midnight, up to now: what is usually pending since the previous session. */
export function defaultRange(now: Date): { start: string; end: string } {
  const start = new Date(now.getTime() - 30 * 24 * 3600_000);
  return { start: `${councilLocalDateTime(start).slice(0, 10)}T00:00`, end: councilLocalDateTime(now) };
}

/**
 * The query of GET /day-orders/sources from two `datetime-local` values. The end covers its whole
 * minute (a regulation created at 10:00:30 is "at 10:00"), so it is sent with 59.999 seconds.
 */
export function sourcesRange(start: string, end: string): { range: { startDate: string; endDate: string } } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const valid = (value: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}Z`));
  if (!valid(start)) errors.startDate = ['Debe ingresar la fecha y hora de inicio.'];
  if (!valid(end)) errors.endDate = ['Debe ingresar la fecha y hora de fin.'];
  if (!errors.startDate && !errors.endDate && end < start) errors.endDate = ['La fecha de fin no puede ser anterior a la de inicio.'];
  if (Object.keys(errors).length) return { errors };
  return { range: { startDate: `${start}:00`, endDate: `${end}:59.999` } };
}

// ---- Choosing the regulations --------------------------------------------------------------------

export function toggleSelected(selected: readonly number[], id: number, checked: boolean): number[] {
  if (checked) return selected.includes(id) ? [...selected] : [...selected, id];
  return selected.filter((value) => value !== id);
}

/** Every item of the section, or none. */
export function toggleAll(items: readonly SourceItem[], checked: boolean): number[] {
  return checked ? items.map((item) => item.id) : [];
}

/** Whether none, some or all of a section's items are chosen (for the "select all" box). */
export function selectionState(items: readonly SourceItem[], selected: readonly number[]): 'none' | 'some' | 'all' {
  const chosen = items.filter((item) => selected.includes(item.id)).length;
  if (chosen === 0) return 'none';
  return chosen === items.length ? 'all' : 'some';
}

/** After a new search, the choices that are still listed. */
export function keepListed(selected: AgendaDraft['selected'], sources: DayOrderSources): AgendaDraft['selected'] {
  const listed = (section: SourceSection) => new Set(sources[section].map((item) => item.id));
  return Object.fromEntries(
    SOURCE_SECTIONS.map((section) => [section, selected[section].filter((id) => listed(section).has(id))]),
  ) as AgendaDraft['selected'];
}

// ---- The commissions' dispatches -----------------------------------------------------------------

/** Adds a dispatch (trimmed); refuses an empty, too long or repeated one with the reason. */
export function addDispatch(items: readonly string[], text: string): { items: string[] } | { error: string } {
  const clean = text.trim().replace(/\s+/g, ' ');
  if (!clean) return { error: 'Escriba el texto del despacho.' };
  if (clean.length > MAX_COMMISSION_TEXT) return { error: `Cada despacho puede tener hasta ${MAX_COMMISSION_TEXT} caracteres.` };
  const key = clean.toLocaleLowerCase('es');
  if (items.some((item) => item.toLocaleLowerCase('es') === key)) return { error: 'Ese despacho ya está en la lista.' };
  return { items: [...items, clean] };
}

export function removeDispatch(items: readonly string[], index: number): string[] {
  return items.filter((_, position) => position !== index);
}

// ---- Sending ---------------------------------------------------------------------------------------

/** The payload of POST /day-orders; chosen regulations keep the order of the list (oldest first). */
export function buildPayload(draft: AgendaDraft, sources: DayOrderSources | null): CreateDayOrderInput {
  const ordered = (section: SourceSection) =>
    (sources?.[section] ?? []).map((item) => item.id).filter((id) => draft.selected[section].includes(id));
  return {
    sessionType: draft.sessionType as SessionType,
    date: draft.date,
    acta: draft.acta.trim(),
    correspondence: ordered('correspondence'),
    dem_message: ordered('dem_message'),
    projects: ordered('projects'),
    ...(Object.fromEntries(COMMISSION_SECTIONS.map((section) => [section, [...draft.commissions[section]]])) as Record<CommissionSection, string[]>),
  };
}

/** The API's messages keyed by the form's fields ("comision_obras.2" belongs to comision_obras). */
export function errorsByField(errors: FieldErrors): FieldErrors {
  const result: FieldErrors = {};
  for (const [key, messages] of Object.entries(errors)) {
    const field = key.split('.')[0] ?? key;
    result[field] = [...new Set([...(result[field] ?? []), ...messages])];
  }
  return result;
}

/** The same checks as the API (the contract's schema), so that most mistakes need no round trip. */
export function validatePayload(payload: CreateDayOrderInput): FieldErrors {
  const result = createDayOrderSchema.safeParse(payload);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    (errors[field] ??= []).push(issue.message);
  }
  return errorsByField(errors);
}
