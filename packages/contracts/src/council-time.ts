// The council's calendar and clock, in one place for the API, the web and the e2e tests (DESIGN.md
// section 5: calendar days and wall-clock times are the council's). The zone is always given: the API
// reads it from its settings (TIMEZONE), the site's answer (GET /public/site) hands it to the web.

/** The zone a council lives in unless its settings say otherwise. */
export const DEFAULT_COUNCIL_TIME_ZONE = 'America/Argentina/Buenos_Aires';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Intl formatters are costly to build and are asked for on every row of a list: one per zone and shape. */
function formatter(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, made);
  }
  return made;
}

const WALL_CLOCK: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

/** The wall-clock reading of an instant in the zone. */
function wallClockParts(instant: Date, timeZone: string) {
  const parts = formatter('en-US', timeZone, WALL_CLOCK).formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** Milliseconds the zone's wall clock is ahead of UTC at that instant (Argentina: -3 h). */
function offsetAt(instant: number, timeZone: string): number {
  const p = wallClockParts(new Date(instant), timeZone);
  const wallClock = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wallClock - (instant - (((instant % 1000) + 1000) % 1000));
}

const pad = (value: number, length = 2) => String(Math.abs(value)).padStart(length, '0');

/**
 * Date-times arrive as ISO 8601. One with an offset (or Z) is an instant; one without is what a clock on
 * the council's wall reads (a `datetime-local` field), so it is placed in the council's zone.
 */
export function toInstant(value: string, timeZone: string): Date {
  if (/(Z|[+-]\d\d:?\d\d)$/i.test(value)) return new Date(value);
  const wallClockAsUtc = Date.parse(`${value}Z`);
  // Two rounds settle the offset also next to a daylight-saving change.
  let instant = wallClockAsUtc - offsetAt(wallClockAsUtc, timeZone);
  instant = wallClockAsUtc - offsetAt(instant, timeZone);
  return new Date(instant);
}

/** The council's calendar day of an instant, as `YYYY-MM-DD`. */
export function councilDay(date: Date, timeZone: string): string {
  return formatter('en-CA', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** The `datetime-local` value of the council's wall clock at that instant ("2026-03-02T09:00"). */
export function councilWallClock(date: Date, timeZone: string): string {
  const p = wallClockParts(date, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** A `datetime-local` value read as the council's wall clock -> ISO 8601 with the zone's offset then; null when malformed. */
export function wallClockToIso(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!match) return null;
  const instant = toInstant(`${local.slice(0, 16)}:00`, timeZone);
  if (Number.isNaN(instant.getTime())) return null;
  const offset = Math.round(offsetAt(instant.getTime(), timeZone) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  return `${local.slice(0, 16)}:00${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** "03/12/2026": es-AR, the council's calendar day. */
export function formatCouncilDate(date: Date, timeZone: string): string {
  return formatter('es-AR', timeZone, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
}

/** "15/07/1998, 09:00": es-AR, 24 h, the council's wall clock. */
export function formatCouncilDateTime(date: Date, timeZone: string): string {
  return formatter('es-AR', timeZone, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
}

/** "3 de diciembre de 2026": the day in words, as news items print it. */
export function formatCouncilLongDate(date: Date, timeZone: string): string {
  return formatter('es-ES', timeZone, { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

/** "Martes, 10 de marzo de 2026, 19:00 h": a session's date and time as the agenda prints it. */
export function formatSessionDate(date: Date, timeZone: string): string {
  const text = formatter('es-AR', timeZone, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
  return `${text.charAt(0).toLocaleUpperCase('es-AR')}${text.slice(1)} h`;
}

/** The functions above bound to one council's zone, for code that is handed the council rather than the zone. */
export function councilTime(timeZone: string) {
  return {
    timeZone,
    toInstant: (value: string) => toInstant(value, timeZone),
    day: (date: Date) => councilDay(date, timeZone),
    wallClock: (date: Date) => councilWallClock(date, timeZone),
    wallClockToIso: (local: string) => wallClockToIso(local, timeZone),
    formatDate: (date: Date) => formatCouncilDate(date, timeZone),
    formatDateTime: (date: Date) => formatCouncilDateTime(date, timeZone),
    formatLongDate: (date: Date) => formatCouncilLongDate(date, timeZone),
    formatSessionDate: (date: Date) => formatSessionDate(date, timeZone),
  };
}
export type CouncilTime = ReturnType<typeof councilTime>;
