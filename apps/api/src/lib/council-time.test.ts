import { describe, expect, it } from 'vitest';
import { toInstant } from './council-time.js';

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
