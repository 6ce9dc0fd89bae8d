import type { DayOrderSources, SourceItem } from '@concejo/contracts';
import { describe, expect, it } from 'vitest';
import { councilDates } from '../../lib/format';
import {
  addDispatch,
  defaultRange,
  inListOrder,
  keepListed,
  listMessages,
  removeDispatch,
  selectionState,
  serverAliases,
  sourcesQuery,
  toggleAll,
  toggleSelected,
} from './agenda-form';

const item = (id: number, type: SourceItem['type'] = 'ordinance'): SourceItem => ({ id, subject: `Asunto ${id}`, cargo: id * 10, authors: [], type });
const sources: DayOrderSources = {
  correspondence: [item(1, 'correspondence'), item(2, 'correspondence')],
  dem_message: [item(3, 'dem-message')],
  projects: [item(4), item(5), item(6)],
};

describe('sourcesQuery', () => {
  it('sends the start from its first second and the end up to its last', () => {
    expect(sourcesQuery({ startDate: '2026-03-01T00:00', endDate: '2026-03-02T10:00' })).toEqual({ startDate: '2026-03-01T00:00:00', endDate: '2026-03-02T10:00:59.999' });
  });
});

describe('defaultRange', () => {
  it("covers the last 30 days, from midnight, in the council's time zone", () => {
    // 02:30 UTC on March 31st is still March 30th, 23:30, in Buenos Aires.
    expect(defaultRange(new Date('2026-03-31T02:30:00Z'), councilDates())).toEqual({ startDate: '2026-02-28T00:00', endDate: '2026-03-30T23:30' });
  });

  it("takes the days and the hour from the site's time zone", () => {
    // The same instant is already March 31st, 04:30, in Madrid (summer time since the 29th).
    expect(defaultRange(new Date('2026-03-31T02:30:00Z'), councilDates('Europe/Madrid'))).toEqual({ startDate: '2026-03-01T00:00', endDate: '2026-03-31T04:30' });
  });
});

describe('choosing regulations', () => {
  it('adds and removes one, without repeating it', () => {
    expect(toggleSelected([4], 5, true)).toEqual([4, 5]);
    expect(toggleSelected([4, 5], 5, true)).toEqual([4, 5]);
    expect(toggleSelected([4, 5], 4, false)).toEqual([5]);
  });

  it('selects all of a section, or none, and tells which it is', () => {
    expect(toggleAll(sources.projects, true)).toEqual([4, 5, 6]);
    expect(toggleAll(sources.projects, false)).toEqual([]);
    expect(selectionState(sources.projects, [])).toBe('none');
    expect(selectionState(sources.projects, [5])).toBe('some');
    expect(selectionState(sources.projects, [6, 4, 5])).toBe('all');
    expect(selectionState([], [])).toBe('none');
  });

  it('keeps, after a new search, only what is still listed', () => {
    expect(keepListed([1, 9], sources.correspondence)).toEqual([1]);
    expect(keepListed([7], sources.projects)).toEqual([]);
  });
});

describe('commission dispatches', () => {
  it('adds a trimmed text and refuses an empty or repeated one', () => {
    expect(addDispatch([], '  Despacho   de bacheo ')).toEqual({ items: ['Despacho de bacheo'] });
    expect(addDispatch(['Despacho de bacheo'], '   ')).toEqual({ error: 'Escriba el texto del despacho.' });
    expect(addDispatch(['Despacho de bacheo'], 'despacho DE bacheo')).toEqual({ error: 'Ese despacho ya está en la lista.' });
    expect(addDispatch([], 'a'.repeat(2001))).toEqual({ error: 'Cada despacho puede tener hasta 2000 caracteres.' });
  });

  it('removes the one at a position', () => {
    expect(removeDispatch(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });
});

describe('inListOrder', () => {
  it('sends the chosen regulations in the order they are listed, whatever the order they were ticked', () => {
    const values = {
      sessionType: 'ordinaria' as const,
      date: '2026-03-10T19:00',
      acta: '45',
      correspondence: [2, 1],
      dem_message: [],
      projects: [6, 4],
      comision_gobierno: [],
      comision_hacienda: [],
      comision_obras: ['Bacheo'],
      comision_higiene: [],
    };
    expect(inListOrder(values, sources)).toEqual({ ...values, correspondence: [1, 2], projects: [4, 6] });
  });
});

describe('errors', () => {
  it("reads a list's own error and its items' errors", () => {
    expect(listMessages(undefined)).toEqual([]);
    expect(listMessages({ message: 'Hay despachos repetidos en esta comisión.', type: 'custom' })).toEqual(['Hay despachos repetidos en esta comisión.']);
    expect(listMessages([undefined, { message: 'Cada despacho debe tener texto.' }, { message: 'Cada despacho debe tener texto.' }])).toEqual(['Cada despacho debe tener texto.']);
  });

  it("files the API's messages of list items under their list", () => {
    expect(serverAliases(['comision_obras.0', 'comision_obras.2', 'acta', 'otro.1'])).toEqual({ 'comision_obras.0': 'comision_obras', 'comision_obras.2': 'comision_obras' });
  });
});
