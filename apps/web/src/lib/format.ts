// Dates as the council lives them: es-AR, 24 h, in its time zone (DESIGN.md section 5). The calendar
// itself is the contracts' (council-time.ts), shared with the API; this file binds it to a zone, reads
// the API's ISO strings and turns unreadable values into 'Fecha inválida'. The zone is the site's
// (`time_zone` of GET /public/site): components take it from `useCouncilDates()`, the server's pages
// from `councilDatesOf(queryClient)`; both fall back to the default zone while the site is unknown.
import { councilTime, DEFAULT_COUNCIL_TIME_ZONE } from '@concejo/contracts';

function readable(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

function bindDates(timeZone: string) {
  const calendar = councilTime(timeZone);
  return {
    timeZone,
    /** The contracts' calendar bound to the zone, for code that needs more than the helpers below. */
    calendar,
    /** "15/07/1998, 09:00": es-AR, 24 h, in the council's time zone; 'Fecha inválida' for anything else. */
    formatDateTime: (iso: string) => {
      const date = readable(iso);
      return date ? calendar.formatDateTime(date) : 'Fecha inválida';
    },
    /** "15/07/1998" in the council's time zone; 'Fecha inválida' for anything unparsable (spec 2.3). */
    formatDate: (iso: string) => {
      const date = readable(iso);
      return date ? calendar.formatDate(date) : 'Fecha inválida';
    },
    /** "22 de noviembre de 2026" (spec 9: es-ES, long month); 'Fecha inválida' for anything unparsable. */
    formatLongDate: (iso: string) => {
      const date = readable(iso);
      return date ? calendar.formatLongDate(date) : 'Fecha inválida';
    },
    /** A `datetime-local` value read as the council's wall clock -> ISO 8601 with its offset. */
    localToIso: (local: string): string | null => calendar.wallClockToIso(local),
    /** An ISO instant -> the `datetime-local` value of the council's wall clock. */
    isoToLocal: (iso: string): string => {
      const date = readable(iso);
      return date ? calendar.wallClock(date) : '';
    },
    /** The `datetime-local` value of the council's wall clock at that instant ("2026-03-02T09:00"). */
    localDateTime: (date: Date): string => calendar.wallClock(date),
  };
}

/** The web's council calendar in one zone. */
export type CouncilDates = ReturnType<typeof bindDates>;

const bound = new Map<string, CouncilDates>();

/** The council calendar of a zone; the same object for the same zone, so that it can be a hook's dependency. */
export function councilDates(timeZone: string = DEFAULT_COUNCIL_TIME_ZONE): CouncilDates {
  let dates = bound.get(timeZone);
  if (!dates) {
    dates = bindDates(timeZone);
    bound.set(timeZone, dates);
  }
  return dates;
}
