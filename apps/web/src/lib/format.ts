// Dates as the council lives them: es-AR, 24 h, in its time zone (DESIGN.md section 5).

/** The council's time zone: dates are shown as the council lives them, wherever one reads them from. */
export const COUNCIL_TIME_ZONE = 'America/Argentina/Buenos_Aires';

const dateTimeFormat = new Intl.DateTimeFormat('es-AR', {
  timeZone: COUNCIL_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const dateFormat = new Intl.DateTimeFormat('es-AR', { timeZone: COUNCIL_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });

/** "15/07/1998, 09:00": es-AR, 24 h, in the council's time zone; 'Fecha inválida' for anything else. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Fecha inválida' : dateTimeFormat.format(date);
}

/** "15/07/1998" in the council's time zone; 'Fecha inválida' for anything unparsable (spec 2.3). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Fecha inválida' : dateFormat.format(date);
}

/** The wall-clock parts of an instant in the council's time zone. */
function councilParts(date: Date) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: COUNCIL_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** The council's UTC offset at that instant, in minutes (Argentina: -180). */
function councilOffsetMinutes(date: Date): number {
  const p = councilParts(date);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

const pad = (value: number, length = 2) => String(Math.abs(value)).padStart(length, '0');

/** A `datetime-local` value read as the council's wall clock -> ISO 8601 with its offset. */
export function councilLocalToIso(local: string): string | null {
  const match = local.match(/^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const guess = new Date(Date.UTC(y, mo - 1, d, h, mi));
  const offset = councilOffsetMinutes(new Date(guess.getTime() - councilOffsetMinutes(guess) * 60_000));
  const sign = offset < 0 ? '-' : '+';
  return `${local.slice(0, 16)}:00${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** An ISO instant -> the `datetime-local` value of the council's wall clock. */
export function isoToCouncilLocal(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const p = councilParts(date);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** The `datetime-local` value of the council's wall clock at that instant ("2026-03-02T09:00"). */
export function councilLocalDateTime(date: Date): string {
  return isoToCouncilLocal(date.toISOString());
}
