// Dates as the council lives them: es-AR, 24 h, in its time zone (DESIGN.md section 5). The calendar
// itself is the contracts' (council-time.ts), shared with the API; this file only binds it to the zone
// the web shows and turns unreadable values into 'Fecha inválida'.
import { councilTime, DEFAULT_COUNCIL_TIME_ZONE } from '@concejo/contracts';

/**
 * The council's time zone: dates are shown as the council lives them, wherever one reads them from.
 * The site's answer (GET /public/site, `time_zone`) names the configured one; the web still shows the
 * default zone's calendar (ARCHITECTURE.md, "Council time").
 */
export const COUNCIL_TIME_ZONE = DEFAULT_COUNCIL_TIME_ZONE;

/** The web's council calendar, for code that needs more than the formatters below. */
export const council = councilTime(COUNCIL_TIME_ZONE);

function readable(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "15/07/1998, 09:00": es-AR, 24 h, in the council's time zone; 'Fecha inválida' for anything else. */
export function formatDateTime(iso: string): string {
  const date = readable(iso);
  return date ? council.formatDateTime(date) : 'Fecha inválida';
}

/** "15/07/1998" in the council's time zone; 'Fecha inválida' for anything unparsable (spec 2.3). */
export function formatDate(iso: string): string {
  const date = readable(iso);
  return date ? council.formatDate(date) : 'Fecha inválida';
}

/** A `datetime-local` value read as the council's wall clock -> ISO 8601 with its offset. */
export function councilLocalToIso(local: string): string | null {
  return council.wallClockToIso(local);
}

/** An ISO instant -> the `datetime-local` value of the council's wall clock. */
export function isoToCouncilLocal(iso: string): string {
  const date = readable(iso);
  return date ? council.wallClock(date) : '';
}

/** The `datetime-local` value of the council's wall clock at that instant ("2026-03-02T09:00"). */
export function councilLocalDateTime(date: Date): string {
  return council.wallClock(date);
}
