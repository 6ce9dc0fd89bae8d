import { describe, expect, it } from 'vitest';
import { DATE_MESSAGES, dayFilterError, isAcceptedDay, isDateTimeInRange } from './date-range.js';
import { calendarDaySchema, dateTimeSchema, dayFilterSchema } from './dates.js';
import { dayOrderSourcesQuerySchema } from './day-orders.js';

const errorsOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('calendar days', () => {
  const day = calendarDaySchema('La fecha no es válida.');

  it('accepts real days from 1850-01-01 to 2100-12-31', () => {
    for (const value of ['1850-01-01', '1999-12-31', '2024-02-29', '2100-12-31']) expect(day.safeParse(value).success, value).toBe(true);
  });

  it('refuses well-formed days outside the range with the range message, and only that one', () => {
    for (const value of ['0000-01-01', '0099-12-31', '1849-12-31', '2101-01-01', '9999-12-31']) {
      expect(errorsOf(day.safeParse(value)), value).toEqual([DATE_MESSAGES.outOfRange]);
    }
  });

  it("refuses days that do not exist or are no day at all with the field's own message", () => {
    for (const value of ['2023-02-30', '2023-02-29', '2026-04-31', '2026-13-01', '+275760-09-13', '', 'ayer', '2026-03-01T10:00', 20260301]) {
      expect(errorsOf(day.safeParse(value)), String(value)).toEqual(['La fecha no es válida.']);
    }
  });

  it('answers the same without zod, for the pages that read dates from a link', () => {
    for (const value of ['1850-01-01', '2024-02-29', '2100-12-31']) expect(isAcceptedDay(value), value).toBe(true);
    for (const value of ['1849-12-31', '2101-01-01', '0099-12-31', '2023-02-29', '2026-04-31', '2026-13-01', '2026-1-01', 'ayer', '']) {
      expect(isAcceptedDay(value), value).toBe(false);
    }
  });

  it('reads an empty filter as no filter', () => {
    expect(dayFilterSchema().parse('')).toBeUndefined();
    expect(dayFilterSchema().parse(undefined)).toBeUndefined();
    expect(errorsOf(dayFilterSchema().safeParse('1492-10-12'))).toEqual([DATE_MESSAGES.outOfRange]);
  });

  it('says the same without zod as the filter schema, for the public filter forms', () => {
    const values = ['', '2026-03-01', '1850-01-01', '2100-12-31', '2024-02-29', '1492-10-12', '0000-01-01', '0099-12-31', '1800-02-29', '1600-02-29',
      '2101-01-01', '9999-12-31', '2023-02-29', '2026-04-31', '2026-13-01', '2026-1-01', '01/03/2026', 'ayer', ' 2026-03-01', '2026-03-01T10:00'];
    for (const value of values) expect(dayFilterError(value) ?? null, value).toEqual(errorsOf(dayFilterSchema().safeParse(value))[0] ?? null);
    expect(dayFilterError('1492-10-12')).toBe(DATE_MESSAGES.outOfRange);
    expect(dayFilterError('2026-02-30')).toBe(DATE_MESSAGES.filterFormat);
  });
});

describe('date-times', () => {
  const dateTime = dateTimeSchema('La fecha no es válida.');

  it('accepts wall-clock times and instants inside the range', () => {
    for (const value of ['1850-01-01T00:00', '2100-12-31T23:59:59', '2026-03-10T19:00:00-03:00', '2100-12-31T23:59:59Z', '2026-03-10T19:00:00.123Z']) {
      expect(dateTime.safeParse(value).success, value).toBe(true);
    }
  });

  it('refuses years before 1850 or after 2100, also when only the offset carries the instant out', () => {
    for (const value of ['0000-01-01T00:00:00Z', '0099-12-31T12:00', '1849-12-31T23:59:59', '2101-01-01T00:00', '9999-12-31T23:59:59-14:00', '1850-01-01T05:00:00+14:00', '2100-12-31T23:00:00-14:00']) {
      expect(errorsOf(dateTime.safeParse(value)), value).toEqual([DATE_MESSAGES.outOfRange]);
    }
    expect(isDateTimeInRange('2100-12-31T20:59:59-03:00')).toBe(true);
    expect(isDateTimeInRange('2100-12-31T21:00:00-03:00')).toBe(false);
  });

  it('refuses impossible or malformed values with the field message', () => {
    for (const value of ['2023-02-30T10:00', '+275760-09-13T00:00:00Z', '2026-03-01T24:00', '2026-03-01', '']) {
      expect(errorsOf(dateTime.safeParse(value)), value).toEqual(['La fecha no es válida.']);
    }
  });

  it('does not compare a date out of range with the other end of a range', () => {
    const result = dayOrderSourcesQuerySchema.safeParse({ startDate: '2026-03-01T00:00', endDate: '0000-01-01T00:00' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['endDate', DATE_MESSAGES.outOfRange]]);
  });
});
