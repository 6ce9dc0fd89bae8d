import { describe, expect, it } from 'vitest';
import {
  AUTHOR_TYPES_BY_TYPE,
  canHaveLinks,
  cleanList,
  createRegulationFieldsSchema,
  needsApprovedPdf,
  regulationChangesSchema,
  staffRegulationQuerySchema,
} from './regulations.js';
import { legalForceLabel } from './regulation-constants.js';

describe('regulation rules shared by the forms and the API', () => {
  it('cleans list items: trimmed, inner spaces collapsed, empties and case-insensitive repeats dropped', () => {
    expect(cleanList(['  Ana  Paz ', '', 'ana paz', 'Tránsito', 'tránsito ', '   '])).toEqual(['Ana Paz', 'Tránsito']);
  });

  it('lets only ordinances, resolutions, decrees and DEM decrees or ordinances have links', () => {
    expect(['ordinance', 'resolution', 'decree'].every((type) => canHaveLinks(type as 'ordinance'))).toBe(true);
    expect(canHaveLinks('dem-message', 'decree')).toBe(true);
    expect(canHaveLinks('dem-message', 'message')).toBe(false);
    expect(canHaveLinks('correspondence')).toBe(false);
    expect(canHaveLinks('minute')).toBe(false);
    expect(canHaveLinks('declaration')).toBe(false);
  });

  it('asks for the approved PDF except for correspondence and plain DEM messages', () => {
    expect(needsApprovedPdf('ordinance')).toBe(true);
    expect(needsApprovedPdf('correspondence')).toBe(false);
    expect(needsApprovedPdf('dem-message', 'message')).toBe(false);
    expect(needsApprovedPdf('dem-message', 'ordinance')).toBe(true);
  });

  it('derives the author type from the type as spec 4 says', () => {
    expect(AUTHOR_TYPES_BY_TYPE['dem-message']).toEqual(['DEM']);
    expect(AUTHOR_TYPES_BY_TYPE.correspondence).toEqual(['particular']);
    expect(AUTHOR_TYPES_BY_TYPE.minute).toEqual(['concejal']);
    expect([...AUTHOR_TYPES_BY_TYPE.ordinance].sort()).toEqual(['DEM', 'concejal']);
  });

  it('reads the multipart fields of a new regulation, treating blank fields as missing', () => {
    expect(
      createRegulationFieldsSchema.parse({ type: 'ordinance', subject: ' Tema ', number: '', dem_type: '', authors: [' A '], keywords: ['x', 'X'] }),
    ).toEqual({
      type: 'ordinance',
      subject: 'Tema',
      state: 'process',
      authors: ['A'],
      keywords: ['x'],
      ...Object.fromEntries(['modifies', 'modified_by', 'repeals', 'repealed_by', 'partially_repeals', 'partially_repealed_by', 'regulates', 'regulated_by', 'suspends', 'suspended_by', 'extends', 'extended_by'].map((field) => [field, []])),
    });
  });

  it('refuses changes to fields that cannot change', () => {
    const result = regulationChangesSchema.safeParse({ type: 'decree', subject: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Hay campos que no se pueden modificar.');
  });

  it("accepts the staff list filter's spellings: 'minutes' and capitalised author types", () => {
    expect(staffRegulationQuerySchema.parse({ type: 'minutes', author_type: 'Concejal' })).toMatchObject({ type: 'minute', author_type: 'concejal', page: 1 });
    expect(staffRegulationQuerySchema.parse({ type: '', state: '', from: '' })).toMatchObject({ type: undefined, state: undefined, from: undefined });
  });
});

describe('legalForceLabel', () => {
  it('agrees with the gender of the norm it names', () => {
    expect(legalForceLabel('repealed', 'ordinance')).toBe('Derogada');
    expect(legalForceLabel('partially_repealed', 'resolution')).toBe('Derogada parcialmente');
    expect(legalForceLabel('partially_repealed', 'decree')).toBe('Derogado parcialmente');
    expect(legalForceLabel('repealed', 'dem-message')).toBe('Derogado');
    expect(legalForceLabel('in_force', 'decree')).toBe('Vigente');
  });
});
