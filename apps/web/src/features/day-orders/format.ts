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

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "02/03/2026, 09:00": es-AR, 24 h, in the council's time zone; 'Fecha inválida' for anything else (spec 5). */
export function formatDateTime(iso: string): string {
  const date = parse(iso);
  return date ? dateTimeFormat.format(date) : 'Fecha inválida';
}

/** "02/03/2026". */
export function formatDate(iso: string): string {
  const date = parse(iso);
  return date ? dateFormat.format(date) : 'Fecha inválida';
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The `datetime-local` value of the council's wall clock at that instant ("2026-03-02T09:00"). */
export function councilLocalDateTime(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: COUNCIL_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${pad(Number(parts.hour))}:${parts.minute}`;
}
