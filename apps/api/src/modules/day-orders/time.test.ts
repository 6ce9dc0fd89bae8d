import { describe, expect, it } from 'vitest';
import { formatSessionDate } from './time.js';

const AR = 'America/Argentina/Buenos_Aires';

describe('formatSessionDate', () => {
  it('writes the weekday, the date and the 24-hour time in Spanish', () => {
    expect(formatSessionDate(new Date('2026-03-10T22:00:00Z'), AR)).toBe('Martes, 10 de marzo de 2026, 19:00 h');
    expect(formatSessionDate(new Date('2026-03-13T02:30:00Z'), AR)).toBe('Jueves, 12 de marzo de 2026, 23:30 h');
  });
});
