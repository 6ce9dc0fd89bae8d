import { describe, expect, it } from 'vitest';
import { councilDates } from '../../lib/format';
import { historyAuthor, historyFieldLabel, historyValueLabel } from './history-labels';

const dates = councilDates();

describe('history labels', () => {
  it.each([
    ['relation: keywords - added', 'Palabra clave agregada'],
    ['relation: keywords - removed', 'Palabra clave eliminada'],
    ['relation: authors - added', 'Autor agregado'],
    ['relation: authors - removed', 'Autor eliminado'],
    ['relation: modifies - added', 'Norma que modifica agregada'],
    ['relation: modifiedBy - removed', 'Norma que la modifica eliminada'],
    ['state', 'Estado'],
    ['subject', 'Tema'],
    ['number', 'Número'],
    ['dem_type', 'Tipo de normativa del DEM'],
    ['author_type', 'Tipo de autor'],
    ['pdf_process', 'PDF en proceso'],
    ['pdf_approved', 'PDF aprobado'],
    ['created_at', 'Fecha de creación'],
    ['regulations_that_modify', 'Normas que la modifican'],
    ['something_new', 'something_new'],
  ])('%s -> %s', (nameCell, label) => {
    expect(historyFieldLabel(nameCell)).toBe(label);
  });

  it('shows states, types, DEM sub-types and author types by their labels', () => {
    expect(historyValueLabel('state', 'process', dates)).toBe('En proceso');
    expect(historyValueLabel('state', 'approved', dates)).toBe('Aprobado');
    expect(historyValueLabel('type', 'dem-message', dates)).toBe('Mensaje del DEM');
    expect(historyValueLabel('dem_type', 'decree', dates)).toBe('Decreto');
    expect(historyValueLabel('author_type', 'particular', dates)).toBe('Particular');
    expect(historyValueLabel('subject', 'Plan de arbolado', dates)).toBe('Plan de arbolado');
    expect(historyValueLabel('number', null, dates)).toBe('—');
    expect(historyValueLabel('created_at', '2024-03-05T21:30:00.000Z', dates)).toBe('05/03/2024, 18:30');
  });

  it("shows a creation date in the site's time zone", () => {
    expect(historyValueLabel('created_at', '2024-03-05T21:30:00.000Z', councilDates('Europe/Madrid'))).toBe('05/03/2024, 22:30');
  });

  it('names the author of a change, or says the account is gone', () => {
    expect(historyAuthor({ user: { name: 'Lucía', last_name: 'Fernández' } })).toBe('Lucía Fernández');
    expect(historyAuthor({ user: null })).toBe('Usuario eliminado');
  });
});
