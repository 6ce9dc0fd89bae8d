/**
 * Date-times arrive as ISO 8601. One with an offset (or Z) is an instant; one without is what a clock on
 * the council's wall reads (a `datetime-local` field), so it is placed in the council's time zone.
 */
export function toInstant(value: string, timeZone: string): Date {
  if (/(Z|[+-]\d\d:?\d\d)$/i.test(value)) return new Date(value);
  const wallClockAsUtc = Date.parse(`${value}Z`);
  // Two rounds settle the offset also next to a daylight-saving change.
  let instant = wallClockAsUtc - offsetAt(wallClockAsUtc, timeZone);
  instant = wallClockAsUtc - offsetAt(instant, timeZone);
  return new Date(instant);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Milliseconds the time zone's wall clock is ahead of UTC at that instant. */
function offsetAt(instant: number, timeZone: string): number {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  const wallClock = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wallClock - (instant - (((instant % 1000) + 1000) % 1000));
}
