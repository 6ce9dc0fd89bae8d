import {
  AGENDA_SECTIONS,
  commissionTextSchema,
  SOURCE_SECTIONS,
  type CreateDayOrder,
  type DayOrderSources,
  type DayOrderSourcesQuery,
  type SourceItem,
  type SourceSection,
} from '@concejo/contracts';
import type { CouncilDates } from '../../lib/format';

// The agenda builder's own rules, apart from the page. The form itself is checked by the contract's
// createDayOrderSchema (useZodForm), the search by dayOrderSourcesQuerySchema: no rule is repeated here.

/** The agenda form's fields, by the API's names (a 422 lands on them as it comes). */
export const AGENDA_FIELDS = ['sessionType', 'date', 'acta', ...AGENDA_SECTIONS] as const;

/** What the form starts with: nothing chosen, no session type (the select shows its prompt). */
export function emptyAgenda() {
  return {
    date: '',
    acta: '',
    ...(Object.fromEntries(AGENDA_SECTIONS.map((section) => [section, []])) as Record<(typeof AGENDA_SECTIONS)[number], never[]>),
  };
}

// ---- The range of the sources search -------------------------------------------------------------

/** The last 30 days, from the council's midnight, up to now: what is usually pending since the previous session. */
export function defaultRange(now: Date, dates: CouncilDates): DayOrderSourcesQuery {
  const start = new Date(now.getTime() - 30 * 24 * 3600_000);
  return { startDate: `${dates.localDateTime(start).slice(0, 10)}T00:00`, endDate: dates.localDateTime(now) };
}

/**
 * The query of GET /day-orders/sources from two `datetime-local` values. The end covers its whole
 * minute (a regulation created at 10:00:30 is "at 10:00"), so it is sent with 59.999 seconds.
 */
export function sourcesQuery(range: DayOrderSourcesQuery): DayOrderSourcesQuery {
  return { startDate: `${range.startDate.slice(0, 16)}:00`, endDate: `${range.endDate.slice(0, 16)}:59.999` };
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

/** After a new search, the choices of a section that are still listed. */
export function keepListed(selected: readonly number[], items: readonly SourceItem[]): number[] {
  const listed = new Set(items.map((item) => item.id));
  return selected.filter((id) => listed.has(id));
}

/** The chosen regulations of each section in the order of the list (oldest first), whatever the order they were ticked. */
export function inListOrder(values: CreateDayOrder, sources: DayOrderSources | null): CreateDayOrder {
  const ordered = (section: SourceSection) => (sources?.[section] ?? []).map((item) => item.id).filter((id) => values[section].includes(id));
  return { ...values, ...(Object.fromEntries(SOURCE_SECTIONS.map((section) => [section, ordered(section)])) as Record<SourceSection, number[]>) };
}

// ---- The commissions' dispatches -----------------------------------------------------------------

/** Adds a dispatch (trimmed); refuses an empty, too long (the contract's rule) or repeated one with the reason. */
export function addDispatch(items: readonly string[], text: string): { items: string[] } | { error: string } {
  const clean = text.trim().replace(/\s+/g, ' ');
  if (!clean) return { error: 'Escriba el texto del despacho.' };
  const checked = commissionTextSchema.safeParse(clean);
  if (!checked.success) return { error: checked.error.issues[0]?.message ?? 'El despacho no es válido.' };
  const key = clean.toLocaleLowerCase('es');
  if (items.some((item) => item.toLocaleLowerCase('es') === key)) return { error: 'Ese despacho ya está en la lista.' };
  return { items: [...items, clean] };
}

export function removeDispatch(items: readonly string[], index: number): string[] {
  return items.filter((_, position) => position !== index);
}

// ---- Errors ----------------------------------------------------------------------------------------

/**
 * The messages of one field as react-hook-form holds them: a list's own error ("repeated") is a
 * `{ message }`, its items' errors an array by position (zodResolver nests "comision_obras.2" there).
 */
export function listMessages(error: unknown): string[] {
  if (!error || typeof error !== 'object') return [];
  const own = (error as { message?: string }).message;
  const items = Object.values(error as Record<string, unknown>).flatMap((item) => {
    const message = item && typeof item === 'object' ? (item as { message?: unknown }).message : undefined;
    return typeof message === 'string' ? [message] : [];
  });
  return [...new Set([...(own ? [own] : []), ...items])];
}

/** A 422's field names onto the form's: "comision_obras.2" belongs to comision_obras. */
export function serverAliases(names: readonly string[]): Record<string, (typeof AGENDA_FIELDS)[number]> {
  const known = new Set<string>(AGENDA_FIELDS);
  return Object.fromEntries(
    names.flatMap((name) => {
      const field = name.split('.')[0] ?? name;
      return known.has(field) && field !== name ? [[name, field as (typeof AGENDA_FIELDS)[number]]] : [];
    }),
  );
}
