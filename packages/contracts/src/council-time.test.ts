import { describe, expect, it } from 'vitest';
import { councilDay, councilWallClock, formatSessionDate, toInstant, wallClockToIso } from './council-time.js';

const AR = 'America/Argentina/Buenos_Aires';

describe('toInstant', () => {
  it.each([
    ['2026-03-10T19:00', AR, '2026-03-10T22:00:00.000Z'],
    ['2026-03-10T23:30:15.250', AR, '2026-03-11T02:30:15.250Z'],
    ['2026-03-10T19:00:00-03:00', 'Europe/Madrid', '2026-03-10T22:00:00.000Z'],
    ['2026-03-10T19:00:00Z', AR, '2026-03-10T19:00:00.000Z'],
    // Daylight saving time: Madrid is UTC+2 in July and UTC+1 in January.
    ['2026-07-01T12:00', 'Europe/Madrid', '2026-07-01T10:00:00.000Z'],
    ['2026-01-01T12:00', 'Europe/Madrid', '2026-01-01T11:00:00.000Z'],
  ])('%s in %s is %s', (value, zone, expected) => {
    expect(toInstant(value, zone).toISOString()).toBe(expected);
  });
});

describe('formatSessionDate', () => {
  it('writes the weekday, the date and the 24-hour time in Spanish', () => {
    expect(formatSessionDate(new Date('2026-03-10T22:00:00Z'), AR)).toBe('Martes, 10 de marzo de 2026, 19:00 h');
    expect(formatSessionDate(new Date('2026-03-13T02:30:00Z'), AR)).toBe('Jueves, 12 de marzo de 2026, 23:30 h');
  });
});

describe('councilDay', () => {
  it('is the council\'s calendar day, not the UTC one: 22:30 in Buenos Aires is still that day', () => {
    expect(councilDay(new Date('2026-05-02T01:30:00Z'), AR)).toBe('2026-05-01');
    expect(councilDay(new Date('2026-05-02T03:00:00Z'), AR)).toBe('2026-05-02');
  });
});

describe('wall clock', () => {
  it('reads an instant on the council\'s wall and back, with the zone\'s offset', () => {
    expect(councilWallClock(new Date('2026-03-02T12:00:00Z'), AR)).toBe('2026-03-02T09:00');
    expect(wallClockToIso('2026-03-02T09:00', AR)).toBe('2026-03-02T09:00:00-03:00');
    expect(wallClockToIso('2026-07-01T12:00', 'Europe/Madrid')).toBe('2026-07-01T12:00:00+02:00');
    expect(wallClockToIso('ayer', AR)).toBeNull();
  });
});
