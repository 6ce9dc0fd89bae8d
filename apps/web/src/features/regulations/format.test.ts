import { describe, expect, it } from 'vitest';
import { authorSummary, councilLocalToIso, formatDateTime, isoToCouncilLocal, regulationName, typeLabel } from './format';

describe('authorSummary', () => {
  it.each([
    [[], '—'],
    [[{ name: 'Ana Rodríguez' }], 'Ana Rodríguez'],
    [[{ name: 'Ana Rodríguez' }, { name: 'Luis Paz' }], 'Ana Rodríguez y 1 más'],
    [[{ name: 'DEM' }, { name: 'B' }, { name: 'C' }, { name: 'D' }], 'DEM y 3 más'],
  ])('%j reads %s', (authors, expected) => {
    expect(authorSummary(authors)).toBe(expected);
  });
});

describe('dates in the council time zone', () => {
  it('formats es-AR with a 24-hour clock in Buenos Aires time', () => {
    expect(formatDateTime('2024-03-05T21:30:00.000Z')).toBe('05/03/2024, 18:30');
    expect(formatDateTime('2024-03-06T02:05:00.000Z')).toBe('05/03/2024, 23:05');
  });

  it('says an unreadable date is invalid', () => {
    expect(formatDateTime('no es una fecha')).toBe('Fecha inválida');
  });

  it('reads a datetime-local value as Buenos Aires wall-clock time and back', () => {
    expect(councilLocalToIso('2024-03-05T18:30')).toBe('2024-03-05T18:30:00-03:00');
    expect(new Date(councilLocalToIso('2024-03-05T18:30')!).toISOString()).toBe('2024-03-05T21:30:00.000Z');
    expect(isoToCouncilLocal('2024-03-05T21:30:00.000Z')).toBe('2024-03-05T18:30');
    expect(councilLocalToIso('')).toBeNull();
  });
});

describe('names of regulations', () => {
  it('names a norm by type and number, and says when it has none', () => {
    expect(regulationName({ type: 'ordinance', number: 1234 })).toBe('Ordenanza N° 1234');
    expect(regulationName({ type: 'resolution', number: null })).toBe('Resolución sin número');
  });

  it('adds the DEM sub-type to DEM messages', () => {
    expect(typeLabel('dem-message', 'decree')).toBe('Mensaje del DEM (Decreto)');
    expect(typeLabel('ordinance', null)).toBe('Ordenanza');
  });
});
