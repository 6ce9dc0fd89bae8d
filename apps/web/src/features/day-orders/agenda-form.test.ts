import type { DayOrderSources, SourceItem } from '@concejo/contracts';
import { describe, expect, it } from 'vitest';
import {
  addDispatch,
  buildPayload,
  defaultRange,
  emptyDraft,
  errorsByField,
  keepListed,
  removeDispatch,
  selectionState,
  sourcesRange,
  toggleAll,
  toggleSelected,
  validatePayload,
} from './agenda-form';

const item = (id: number, type: SourceItem['type'] = 'ordinance'): SourceItem => ({ id, subject: `Asunto ${id}`, cargo: id * 10, authors: [], type });
const sources: DayOrderSources = {
  correspondence: [item(1, 'correspondence'), item(2, 'correspondence')],
  dem_message: [item(3, 'dem-message')],
  projects: [item(4), item(5), item(6)],
};

describe('sourcesRange', () => {
  it('sends the start from its first second and the end up to its last', () => {
    expect(sourcesRange('2026-03-01T00:00', '2026-03-02T10:00')).toEqual({ range: { startDate: '2026-03-01T00:00:00', endDate: '2026-03-02T10:00:59.999' } });
    expect(sourcesRange('2026-03-02T10:00', '2026-03-02T10:00')).toHaveProperty('range');
  });

  it('asks for both dates and an end that is not before the start', () => {
    expect(sourcesRange('', '')).toEqual({ errors: { startDate: ['Debe ingresar la fecha y hora de inicio.'], endDate: ['Debe ingresar la fecha y hora de fin.'] } });
    expect(sourcesRange('2026-03-02T10:00', '2026-03-02T09:59')).toEqual({ errors: { endDate: ['La fecha de fin no puede ser anterior a la de inicio.'] } });
  });
});

describe('defaultRange', () => {
  it("covers the last 30 days, from midnight, in the council's time zone", () => {
    // 02:30 UTC on March 31st is still March 30th, 23:30, in Buenos Aires.
    expect(defaultRange(new Date('2026-03-31T02:30:00Z'))).toEqual({ start: '2026-02-28T00:00', end: '2026-03-30T23:30' });
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
    expect(keepListed({ correspondence: [1, 9], dem_message: [3], projects: [7] }, sources)).toEqual({ correspondence: [1], dem_message: [3], projects: [] });
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

describe('buildPayload and validatePayload', () => {
  it('sends the chosen regulations in the order they are listed, whatever the order they were ticked', () => {
    const draft = {
      ...emptyDraft(),
      sessionType: 'ordinaria' as const,
      date: '2026-03-10T19:00',
      acta: ' 45 ',
      selected: { correspondence: [2, 1], dem_message: [], projects: [6, 4] },
      commissions: { ...emptyDraft().commissions, comision_obras: ['Bacheo'] },
    };
    const payload = buildPayload(draft, sources);
    expect(payload).toEqual({
      sessionType: 'ordinaria',
      date: '2026-03-10T19:00',
      acta: '45',
      correspondence: [1, 2],
      dem_message: [],
      projects: [4, 6],
      comision_gobierno: [],
      comision_hacienda: [],
      comision_obras: ['Bacheo'],
      comision_higiene: [],
    });
    expect(validatePayload(payload)).toEqual({});
  });

  it('answers the messages of the API for an incomplete form', () => {
    expect(validatePayload(buildPayload(emptyDraft(), null))).toEqual({
      sessionType: ['Debe seleccionar el tipo de sesión.'],
      date: ['Debe ingresar la fecha y hora de la sesión.'],
      acta: ['Debe ingresar el número del acta anterior.'],
    });
  });

  it("files the API's messages of list items under their list", () => {
    expect(errorsByField({ 'comision_obras.0': ['Cada despacho debe tener texto.'], 'comision_obras.2': ['Cada despacho debe tener texto.'], acta: ['x'] })).toEqual({
      comision_obras: ['Cada despacho debe tener texto.'],
      acta: ['x'],
    });
  });
});
