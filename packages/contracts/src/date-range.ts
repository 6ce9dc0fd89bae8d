// The range every date input accepts, and its checks, apart from the schemas (dates.ts) so that the
// public pages can use them without loading zod (see zod.ts).

/**
 * Every date a client sends lies in this range: the council's records (old regulations loaded from
 * the archive included) start in the 19th century, and nothing is planned past 2100. Outside it a
 * value is a typo or an attack (year 0000, year 99, `9999-12-31T23:59:59-14:00`) that PostgreSQL or
 * `Date` would refuse later, as a 500, or accept and print nonsense.
 */
export const DATE_RANGE = { first: '1850-01-01', last: '2100-12-31' } as const;

export const DATE_MESSAGES = {
  outOfRange: 'La fecha debe estar entre 1850 y 2100.',
  /** A day filter (a query's `from`/`to`) that is no day. */
  filterFormat: 'La fecha debe tener el formato AAAA-MM-DD.',
} as const;

/** Whether a well-formed `AAAA-MM-DD` lies in the range: such days compare as text. */
export function isDayInRange(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && day >= DATE_RANGE.first && day <= DATE_RANGE.last;
}

/** Whether the value is `AAAA-MM-DD` and names a day that exists (no 2023-02-30), in any year. */
function isRealDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // setUTCFullYear, not Date.UTC, which reads the years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A day every date field accepts: `AAAA-MM-DD`, a real one (no 2023-02-30), inside the range. */
export function isAcceptedDay(value: string): boolean {
  return isRealDay(value) && isDayInRange(value);
}

/**
 * What dayFilterSchema (dates.ts) says of a day filter, without zod, for the public filter forms: nothing
 * for an empty filter or an accepted day, the format message for no day (or one that does not exist),
 * the range message for a real day outside 1850-2100.
 */
export function dayFilterError(value: string): string | undefined {
  if (value === '') return undefined;
  if (!isRealDay(value)) return DATE_MESSAGES.filterFormat;
  return isDayInRange(value) ? undefined : DATE_MESSAGES.outOfRange;
}

export const DAY_FILTER_MESSAGES = { toBeforeFrom: 'La fecha «Hasta» no puede ser anterior a «Desde».' } as const;

/**
 * What a «Desde» / «Hasta» pair of day filters says before anything is searched (the public forms and the
 * staff list alike): each day's own message, then a «Hasta» before «Desde», which the API would answer
 * with an empty list that explains nothing.
 */
export function dayRangeErrors({ from, to }: { from: string; to: string }): { from?: string; to?: string } {
  const errors: { from?: string; to?: string } = {};
  const fromError = dayFilterError(from);
  const toError = dayFilterError(to);
  if (fromError) errors.from = fromError;
  if (toError) errors.to = toError;
  else if (!fromError && from && to && to < from) errors.to = DAY_FILTER_MESSAGES.toBeforeFrom;
  return errors;
}

/** Whether a date-time names an instant (an offset or Z) rather than a wall-clock time. */
export function hasOffset(value: string): boolean {
  return /(Z|[+-]\d\d(:?\d\d)?)$/i.test(value);
}

/**
 * A date-time is in range when the day it is written with is, and, when it carries an offset, so is its
 * day in UTC (so no offset carries it into another year). One without an offset is a wall-clock time in
 * the council's time zone: the day written is the council's day.
 */
export function isDateTimeInRange(value: string): boolean {
  if (!isDayInRange(value.slice(0, 10))) return false;
  if (!hasOffset(value)) return true;
  const instant = Date.parse(value);
  return !Number.isNaN(instant) && isDayInRange(new Date(instant).toISOString().slice(0, 10));
}
