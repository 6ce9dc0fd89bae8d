import { REGULATION_FORM_FIELDS, REGULATION_TYPES, offeredFields, regulationPermissions, rolesWith, type RegulationFormField, type Role } from '@concejo/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logInAs, renderRoutes } from '../../../test/render-routes';
import { RegulationCreatePage } from './regulation-create-page';

/**
 * The create form shows exactly the fields the contracts' offeredFields() names for each role and
 * type (and the API accepts exactly those: apps/api regulations/form-agreement.test.ts), so the
 * form and the API cannot drift apart again.
 */

/** How each field is found on the page: its label (or the picker's name). */
const LABELS: Record<Exclude<RegulationFormField, 'type' | 'subject' | 'authors'>, string> = {
  creation_date: 'Fecha de creación',
  dem_type: 'Tipo de normativa del DEM',
  author_type: 'Tipo de autor',
  state: 'Estado',
  number: 'Número',
  keywords: 'Palabras clave',
  pdf_process: 'Archivo PDF en proceso',
  pdf_approved: 'Archivo PDF aprobado',
  modifies: 'Normas que modifica',
  modified_by: 'Normas que la modifican',
};

function shownFields(): Set<RegulationFormField> {
  const form = screen.getByRole('form', { name: 'Cargar normativa' });
  const shown = new Set<RegulationFormField>();
  for (const [field, label] of Object.entries(LABELS) as [RegulationFormField, string][]) {
    if (within(form).queryAllByLabelText(label).length > 0) shown.add(field);
  }
  return shown;
}

describe.each(rolesWith('regulations.create') as Role[])('the create form of %s', (role) => {
  it('offers the types the rules give the role, and for each type exactly the offered fields', async () => {
    logInAs(role, { name: 'Ana', lastName: 'Rodríguez' });
    renderRoutes([{ path: '/panel/cargar-normativa', Component: RegulationCreatePage }], { initialEntries: ['/panel/cargar-normativa'] });
    const typeSelect = await screen.findByLabelText<HTMLSelectElement>('Tipo');
    const types = [...typeSelect.options].map((option) => option.value).filter(Boolean);
    expect(types.sort()).toEqual([...regulationPermissions(role, 'create').types].sort());

    for (const type of REGULATION_TYPES.filter((candidate) => types.includes(candidate))) {
      fireEvent.change(typeSelect, { target: { value: type } });
      const demType = screen.queryByLabelText('Tipo de normativa del DEM');
      if (demType) fireEvent.change(demType, { target: { value: 'ordinance' } });
      const state = screen.queryByLabelText('Estado');
      if (state) fireEvent.change(state, { target: { value: 'approved' } });
      const expected = offeredFields(role, 'create', { type, demType: type === 'dem-message' ? 'ordinance' : null, state: state ? 'approved' : 'process' });
      const optional = REGULATION_FORM_FIELDS.filter((field) => field in LABELS);
      expect(shownFields(), `${role} ${type}`).toEqual(new Set(optional.filter((field) => expected.has(field))));
      if (state) fireEvent.change(state, { target: { value: 'process' } });
    }
  }, 30_000);
});
