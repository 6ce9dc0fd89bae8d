import { describe, expect, it } from 'vitest';
import { councilDates } from './format';

describe('dates in the default zone (Buenos Aires)', () => {
  const dates = councilDates();

  it('formats es-AR with a 24-hour clock in Buenos Aires time', () => {
    // 02:00 UTC is still the previous evening in the council's time zone.
    expect(dates.formatDateTime('2024-03-05T21:30:00.000Z')).toBe('05/03/2024, 18:30');
    expect(dates.formatDateTime('2024-03-06T02:05:00.000Z')).toBe('05/03/2024, 23:05');
    expect(dates.formatDate('2025-03-02T02:00:00.000Z')).toBe('01/03/2025');
    expect(dates.formatDate('2025-07-15T15:00:00.000Z')).toBe('15/07/2025');
  });

  it('writes the long date with the month in Spanish', () => {
    expect(dates.formatLongDate('2026-11-21T13:00:00.000Z')).toBe('21 de noviembre de 2026');
  });

  it.each(['', 'ayer', '2025-13-45', 'no es una fecha'])("shows 'Fecha inválida' for %j", (value) => {
    expect(dates.formatDate(value)).toBe('Fecha inválida');
    expect(dates.formatDateTime(value)).toBe('Fecha inválida');
    expect(dates.formatLongDate(value)).toBe('Fecha inválida');
  });

  it('reads a datetime-local value as Buenos Aires wall-clock time and back', () => {
    expect(dates.localToIso('2024-03-05T18:30')).toBe('2024-03-05T18:30:00-03:00');
    expect(new Date(dates.localToIso('2024-03-05T18:30')!).toISOString()).toBe('2024-03-05T21:30:00.000Z');
    expect(dates.isoToLocal('2024-03-05T21:30:00.000Z')).toBe('2024-03-05T18:30');
    expect(dates.localToIso('')).toBeNull();
    expect(dates.isoToLocal('ayer')).toBe('');
  });
});

describe("dates in the site's zone", () => {
  it('shows the day and the hour of Bogotá, two hours behind Buenos Aires', () => {
    const bogota = councilDates('America/Bogota');
    expect(bogota.formatDateTime('2026-03-02T04:30:00Z')).toBe('01/03/2026, 23:30');
    expect(councilDates().formatDateTime('2026-03-02T04:30:00Z')).toBe('02/03/2026, 01:30');
    expect(bogota.formatDate('2026-03-02T04:30:00Z')).toBe('01/03/2026');
  });

  it('reads a datetime-local value as the wall clock of Madrid, with its summer offset', () => {
    const madrid = councilDates('Europe/Madrid');
    expect(madrid.localToIso('2026-07-10T09:00')).toBe('2026-07-10T09:00:00+02:00');
    expect(madrid.localToIso('2026-01-10T09:00')).toBe('2026-01-10T09:00:00+01:00');
    expect(madrid.isoToLocal('2026-07-10T07:00:00.000Z')).toBe('2026-07-10T09:00');
  });

  it('is one object per zone, so that hooks can depend on it', () => {
    expect(councilDates('Europe/Madrid')).toBe(councilDates('Europe/Madrid'));
    expect(councilDates()).toBe(councilDates('America/Argentina/Buenos_Aires'));
  });
});
