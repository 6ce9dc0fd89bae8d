import { publicRegulationQuerySchema } from '@concejo/contracts';
import { describe, expect, it } from 'vitest';
import { filterErrors, filtersOf } from './filter-form';
import { EMPTY_FILTERS, listSummary, readFilterParams, writeFilterParams } from './filters';

describe('the filters in the address', () => {
  it('survive a round trip through the URL, page included', () => {
    const filters = { numberSearch: '2845', search: 'circulación de camiones', type: 'ordinance', legal_force: 'partially_repealed', from: '2025-01-01', to: '2025-12-31', estado: 'en_tramite' };
    const params = writeFilterParams(filters, 3);
    expect(params.toString()).toBe('search=circulaci%C3%B3n+de+camiones&numberSearch=2845&type=ordinance&legal_force=partially_repealed&estado=en_tramite&from=2025-01-01&to=2025-12-31&page=3');
    expect(readFilterParams(new URLSearchParams(params.toString()))).toEqual({ filters, page: 3 });
  });

  it('leave out empty filters and page 1, so that a plain search has a short link', () => {
    expect(writeFilterParams(EMPTY_FILTERS).toString()).toBe('');
    expect(writeFilterParams({ ...EMPTY_FILTERS, search: '  tasas ' }, 1).toString()).toBe('search=tasas');
  });

  it.each([
    ['type=minute', 'a type the public list does not offer'],
    ['legal_force=vigente', 'a legal force by its label instead of its value'],
    ['from=2026-02-30', 'a day that does not exist'],
    ['from=1849-12-31', 'a day before 1850'],
    ['to=2101-01-01', 'a day after 2100'],
    ['to=0000-01-01', 'year 0'],
    ['to=31/12/2025', 'a date in another format'],
    ['search=ab', 'a search shorter than 3 characters'],
  ])('drop %s (%s) instead of asking the API for an error', (query) => {
    expect(readFilterParams(new URLSearchParams(query)).filters).toEqual(EMPTY_FILTERS);
  });

  it.each(['0', '-2', '1.5', 'dos', '100001'])('read page=%s as the first page', (page) => {
    expect(readFilterParams(new URLSearchParams({ page })).page).toBe(1);
  });

  it('cut an overlong search to the 200 characters the API accepts', () => {
    expect(readFilterParams(new URLSearchParams({ search: 'a'.repeat(500) })).filters.search).toHaveLength(200);
  });
});

describe('the search form', () => {
  it('gives the page trimmed filters, empty ones as \'\'', () => {
    expect(filtersOf({ ...EMPTY_FILTERS, search: '  árbol ', numberSearch: ' 12 ' })).toEqual({ ...EMPTY_FILTERS, search: 'árbol', numberSearch: '12' });
  });

  it('reads the same parameters the form sends without JavaScript, its empty fields as no filter', () => {
    // What the browser sends for the form with only «Buscar» and «Tipo» filled in (fields in the form's order).
    const sent = new URLSearchParams('search=tasas&numberSearch=&type=decree&legal_force=repealed&from=&to=');
    const { filters, page } = readFilterParams(sent);
    expect(filters).toEqual({ ...EMPTY_FILTERS, search: 'tasas', type: 'decree', legal_force: 'repealed' });
    expect(page).toBe(1);
    // The same search with JavaScript: the same parameters, in the same order, without the empty ones.
    expect(writeFilterParams(filters).toString()).toBe('search=tasas&type=decree&legal_force=repealed');
  });

  it('accepts empty filters and a complete valid set', () => {
    expect(filterErrors(EMPTY_FILTERS)).toEqual({});
    expect(filterErrors({ numberSearch: '12', search: 'árbol', type: 'decree', legal_force: 'in_force', from: '2025-01-01', to: '2025-01-01', estado: '' })).toEqual({});
  });

  it('says what the API would: overlong words or number, a type it does not offer', () => {
    expect(filterErrors({ ...EMPTY_FILTERS, search: 'a'.repeat(201), numberSearch: '1'.repeat(21), type: 'minute', legal_force: 'derogada' })).toEqual({
      legal_force: 'La vigencia no es válida: Vigente, Derogada parcialmente o Derogada.',
      search: 'La búsqueda puede tener hasta 200 caracteres.',
      numberSearch: 'El número puede tener hasta 20 caracteres.',
      type: 'El tipo de normativa no es válido.',
    });
    expect(filterErrors({ ...EMPTY_FILTERS, search: ` ${'a'.repeat(200)} `, numberSearch: '1'.repeat(20) })).toEqual({});
  });

  it.each([
    { search: 'a'.repeat(201) },
    { numberSearch: '1'.repeat(21) },
    { type: 'minute' },
    { from: '1492-10-12' },
    { to: '2026-02-30' },
    { from: '2026-13-01', to: '0000-01-01' },
  ])('says of %o what the API says, without its zod schema', (wrong) => {
    const values = { ...EMPTY_FILTERS, ...wrong };
    const api = publicRegulationQuerySchema.safeParse(values);
    expect(api.success).toBe(false);
    expect(filterErrors(values)).toEqual(Object.fromEntries(api.error!.issues.map((issue) => [issue.path[0], issue.message])));
  });

  it('asks for at least 3 characters, digits in N° and an ordered range', () => {
    expect(filterErrors({ ...EMPTY_FILTERS, search: ' ab ', numberSearch: '12a', from: '2025-02-01', to: '2025-01-01' })).toEqual({
      search: 'La búsqueda necesita al menos 3 caracteres.',
      numberSearch: 'El número solo puede tener dígitos.',
      to: 'La fecha «Hasta» no puede ser anterior a «Desde».',
    });
  });
});

describe('the search form on dates', () => {
  it('says a typed year outside 1850-2100 is out of range before asking the API', () => {
    expect(filterErrors({ ...EMPTY_FILTERS, from: '0202-03-01', to: '2202-03-01' })).toEqual({
      from: 'La fecha debe estar entre 1850 y 2100.',
      to: 'La fecha debe estar entre 1850 y 2100.',
    });
    expect(filterErrors({ ...EMPTY_FILTERS, from: '1850-01-01', to: '2100-12-31' })).toEqual({});
  });

  it('says a value that is no day has the wrong format, and compares only two good days', () => {
    expect(filterErrors({ ...EMPTY_FILTERS, from: '2026-02-30', to: '2025-01-01' })).toEqual({ from: 'La fecha debe tener el formato AAAA-MM-DD.' });
  });
});

describe('listSummary', () => {
  it.each([
    [1, 15, 15, 42, 'Mostrando 1 - 15 de 42 normativas.'],
    [3, 15, 12, 42, 'Mostrando 31 - 42 de 42 normativas.'],
    [1, 15, 1, 1, 'Mostrando 1 - 1 de 1 normativas.'],
    [4, 15, 0, 42, 'Mostrando 0 - 0 de 42 normativas.'],
  ])('page %i of %i per page with %i rows of %i: %s', (page, perPage, shown, total, text) => {
    expect(listSummary(page, perPage, shown, total)).toBe(text);
  });

  it('says "más de 1.000" when the count stopped at its bound', () => {
    expect(listSummary(67, 15, 10, 1000, true)).toBe('Mostrando 991 - 1000 de más de 1.000 normativas.');
    expect(listSummary(1, 15, 15, 1000, false)).toBe('Mostrando 1 - 15 de 1000 normativas.');
  });
});
