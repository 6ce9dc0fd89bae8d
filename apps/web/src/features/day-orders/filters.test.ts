import { describe, expect, it } from 'vitest';
import { listSummary, readPublicParams, writePublicParams } from './filters';
import { formatDate, formatDateTime } from './format';

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
});

describe('listSummary', () => {
  it('says which rows are shown of how many', () => {
    expect(listSummary(2, 10, 3, 13)).toBe('Mostrando 11 - 13 de 13 órdenes del día.');
    expect(listSummary(1, 10, 1, 1)).toBe('Mostrando 1 - 1 de 1 orden del día.');
    expect(listSummary(5, 10, 0, 13)).toBe('Mostrando 0 - 0 de 13 órdenes del día.');
  });
});

describe('dates', () => {
  it("are shown in es-AR, 24 h, in the council's time zone", () => {
    expect(formatDateTime('2026-03-02T02:30:00Z')).toBe('01/03/2026, 23:30');
    expect(formatDate('2026-03-02T02:30:00Z')).toBe('01/03/2026');
    expect(formatDateTime('no es una fecha')).toBe('Fecha inválida');
  });
});
