import { describe, expect, it } from 'vitest';
import { authorSummary, hasLegalForce, linkKindLabel, regulationName, typeLabel } from './format';

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

describe('link kinds and legal force as staff read them', () => {
  it('reads a kind from the side of the norm shown: "Deroga" the other, or "Derogada por" the other', () => {
    expect(linkKindLabel('repeals', 'outgoing')).toBe('Deroga');
    expect(linkKindLabel('repeals', 'incoming')).toBe('Derogada por');
    expect(linkKindLabel('partially_repeals', 'incoming')).toBe('Derogada parcialmente por');
    expect(linkKindLabel('regulates', 'incoming')).toBe('Reglamentada por');
    expect(linkKindLabel('modifies', 'outgoing')).toBe('Modifica');
  });

  const norm = { type: 'ordinance' as const, dem_type: null, state: 'approved' as const, is_old: 0 as const, legal_force: 'in_force' as const };
  it('tells the legal force of approved and archived norms that rule, never "Vigente" for a project or a minute', () => {
    expect(hasLegalForce(norm)).toBe(true);
    expect(hasLegalForce({ ...norm, state: 'process', is_old: 1 })).toBe(true);
    expect(hasLegalForce({ ...norm, type: 'dem-message', dem_type: 'ordinance' })).toBe(true);
    expect(hasLegalForce({ ...norm, state: 'process' })).toBe(false);
    expect(hasLegalForce({ ...norm, type: 'minute' })).toBe(false);
    expect(hasLegalForce({ ...norm, type: 'dem-message', dem_type: 'message' })).toBe(false);
    expect(hasLegalForce({ ...norm, state: 'process', legal_force: 'repealed' })).toBe(true);
  });
});
