// The one definition of every date and date-time a payload or a filter carries (DESIGN.md section 5:
// ISO 8601, calendar days in the council's time zone); the range itself is in date-range.ts.
import { DATE_MESSAGES, isDateTimeInRange, isDayInRange } from './date-range.js';
import { z } from './zod.js';

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
export function dayFilterSchema(message: string = DATE_MESSAGES.filterFormat) {
  return z.preprocess((value) => (value === '' ? undefined : value), calendarDaySchema(message).optional());
}
