import { z } from './zod.js';

/**
 * Every date a client sends lies in this range: the council's records (old regulations loaded from
 * the archive included) start in the 19th century, and nothing is planned past 2100. Outside it a
 * value is a typo or an attack (year 0000, year 99, `9999-12-31T23:59:59-14:00`) that PostgreSQL or
 * `Date` would refuse later, as a 500, or accept and print nonsense.
 */
export const DATE_RANGE = { first: '1850-01-01', last: '2100-12-31' } as const;

export const DATE_MESSAGES = {
  outOfRange: 'La fecha debe estar entre 1850 y 2100.',
} as const;

/** Calendar days compare as text: both are `AAAA-MM-DD` with a four-digit year. */
function isDayInRange(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && day >= DATE_RANGE.first && day <= DATE_RANGE.last;
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

/**
 * Only once the value has the right shape is its range checked (one message per field), and a value out
 * of range stops there: rules that compare it with another field do not run on it.
 */
const whenWellFormed = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0, abort: true };

/**
 * A calendar day `AAAA-MM-DD` that exists (no 2023-02-30) between 1850 and 2100. `message` is the
 * field's own words for a value that is no date.
 */
export function calendarDaySchema(message: string) {
  return z.iso.date({ error: message }).refine(isDayInRange, { error: DATE_MESSAGES.outOfRange, ...whenWellFormed });
}

/**
 * An ISO 8601 date-time, with an offset (an instant) or without one (the council's wall clock, as a
 * `datetime-local` field sends it), between 1850 and 2100.
 */
export function dateTimeSchema(message: string) {
  return z.iso
    .datetime({ offset: true, local: true, error: message })
    .refine(isDateTimeInRange, { error: DATE_MESSAGES.outOfRange, ...whenWellFormed });
}

/** A query-string day filter: optional, and an empty value (a blank filter box) means no filter. */
export function dayFilterSchema(message: string = 'La fecha debe tener el formato AAAA-MM-DD.') {
  return z.preprocess((value) => (value === '' ? undefined : value), calendarDaySchema(message).optional());
}
