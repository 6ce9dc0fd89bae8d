import { describe, expect, it } from 'vitest';
import { filterErrors, listSummary, readPublicParams, writePublicParams } from './filters';

describe('the public filters in the address', () => {
  it('reads days and page, dropping what is malformed', () => {
    expect(readPublicParams(new URLSearchParams('from=2026-03-01&to=2026-03-31&page=3'))).toEqual({ filters: { from: '2026-03-01', to: '2026-03-31' }, page: 3 });
    expect(readPublicParams(new URLSearchParams('from=ayer&page=0'))).toEqual({ filters: { from: '', to: '' }, page: 1 });
    expect(readPublicParams(new URLSearchParams('from=0000-01-01&to=2026-02-30'))).toEqual({ filters: { from: '', to: '' }, page: 1 });
    expect(readPublicParams(new URLSearchParams('page=abc'))).toEqual({ filters: { from: '', to: '' }, page: 1 });
  });

  it('writes only what is set, and the page after the first', () => {
    expect(writePublicParams({ from: '2026-03-01', to: '' }, 1).toString()).toBe('from=2026-03-01');
    expect(writePublicParams({ from: '', to: '2026-03-31' }, 2).toString()).toBe('to=2026-03-31&page=2');
  });

  it('reads the form sent without JavaScript as the same filters, its empty fields as none', () => {
    const { filters, page } = readPublicParams(new URLSearchParams('from=2026-03-01&to='));
    expect(filters).toEqual({ from: '2026-03-01', to: '' });
    expect(page).toBe(1);
    expect(writePublicParams(filters, page).toString()).toBe('from=2026-03-01');
  });
});

describe('the filter form', () => {
  it('accepts no filters, one end, or an ordered range', () => {
    expect(filterErrors({ from: '', to: '' })).toEqual({});
    expect(filterErrors({ from: '2026-03-01', to: '' })).toEqual({});
    expect(filterErrors({ from: '2026-03-01', to: '2026-03-01' })).toEqual({});
  });

  it('says what the API would of a day out of range or no day, and refuses «Hasta» before «Desde»', () => {
    expect(filterErrors({ from: '1492-10-12', to: '2026-02-30' })).toEqual({ from: 'La fecha debe estar entre 1850 y 2100.', to: 'La fecha debe tener el formato AAAA-MM-DD.' });
    expect(filterErrors({ from: '2026-03-05', to: '2026-03-01' })).toEqual({ to: 'La fecha «Hasta» no puede ser anterior a «Desde».' });
  });
});

describe('listSummary', () => {
  it('says which rows are shown of how many', () => {
    expect(listSummary(2, 10, 3, 13)).toBe('Mostrando 11 - 13 de 13 órdenes del día.');
    expect(listSummary(1, 10, 1, 1)).toBe('Mostrando 1 - 1 de 1 orden del día.');
    expect(listSummary(5, 10, 0, 13)).toBe('Mostrando 0 - 0 de 13 órdenes del día.');
  });
});
