import type { RegulationDetail, StaffRegulationListItem } from '@concejo/contracts';

/** A list row as the API answers it; tests override what they look at. */
export function listItem(overrides: Partial<StaffRegulationListItem> = {}): StaffRegulationListItem {
  return {
    id: 1,
    type: 'ordinance',
    dem_type: null,
    number: 1234,
    cargo: 10,
    expediente: '12-C-2024',
    subject: 'Circulación de camiones',
    created_at: '2024-03-05T21:30:00.000Z',
    state: 'approved',
    author_type: 'concejal',
    authors: [{ name: 'Ana Rodríguez' }, { name: 'Luis Paz' }, { name: 'Eva Díaz' }],
    keywords: [{ word: 'tránsito' }],
    pdf_process: null,
    pdf_approved: '/files/regulations-approved/a.pdf',
    is_old: 0,
    legal_force: 'in_force',
    can: { update: true, delete: false, details: true },
    ...overrides,
  };
}

export function detail(overrides: Partial<RegulationDetail> = {}): RegulationDetail {
  return {
    ...listItem(),
    version: 2,
    actions: [],
    regulations_modified: [{ id: 5, type: 'ordinance', number: 100, subject: 'Tránsito pesado', kind: 'modifies' }],
    regulations_that_modify: [],
    in_force_until: null,
    voided_on: null,
    modifications: [
      { id: 1, user: { name: 'Lucía', last_name: 'Fernández' }, updated_at: '2024-03-06T13:00:00.000Z', name_cell: 'state', old_cell: 'process', new_cell: 'approved' },
      { id: 2, user: { name: 'Lucía', last_name: 'Fernández' }, updated_at: '2024-03-06T13:00:00.000Z', name_cell: 'relation: keywords - added', old_cell: null, new_cell: 'tránsito' },
    ],
    ...overrides,
  };
}
