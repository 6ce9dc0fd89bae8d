import { REGULATION_MESSAGES, type LinkedRegulationRef, type RegulationDetail, type RegulationLinkKind, type RegulationMode, type Role } from '@concejo/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  FORM_NAME_OF,
  buildChanges,
  formLayout,
  initialCreateValues,
  toCreateFormData,
  toUpdateFormData,
  valuesFromDetail,
  withAuthorType,
  withDemType,
  withType,
  type RegulationFormValues,
} from './form-rules';
import { councilDates } from '../../lib/format';
import { regulationFormSchema } from './form-schema';

const OWN = 'Ana Rodríguez';
const dates = councilDates();
const pdf = () => new File(['%PDF-1.4'], 'norma.pdf', { type: 'application/pdf' });
const ref = (id: number, kind: RegulationLinkKind = 'modifies'): LinkedRegulationRef => ({ id, type: 'ordinance', number: id, subject: `Norma ${id}`, kind });

function createValues(role: Role, type: RegulationFormValues['type'], extra: Partial<RegulationFormValues> = {}): RegulationFormValues {
  return { ...withType(initialCreateValues(role, OWN), type, role, 'create', OWN), ...extra };
}

/** What the form's schema (useZodForm) says of these values, by the API's field names. */
function validate(role: Role, mode: RegulationMode, values: RegulationFormValues, detail?: RegulationDetail) {
  const result = regulationFormSchema(role, mode, OWN, detail).safeParse(values);
  if (result.success) return {};
  const byForm: Record<string, string[] | undefined> = z.flattenError(result.error).fieldErrors;
  return Object.fromEntries(Object.entries(FORM_NAME_OF).flatMap(([api, form]) => (byForm[form] ? [[api, [...new Set(byForm[form])]]] : [])));
}
const validateCreate = (values: RegulationFormValues, role: Role) => validate(role, 'create', values);
const validateEdit = (values: RegulationFormValues, detail: RegulationDetail, role: Role) => validate(role, 'update', values, detail);

function layoutFor(role: Role, values: RegulationFormValues, mode: RegulationMode = 'create') {
  return formLayout(role, values, mode, OWN);
}

describe('which fields the create form shows, by role and type (spec 4, DESIGN 7)', () => {
  it('admin: creation date, every type, state, keywords, both PDFs and the link pickers for an ordinance', () => {
    const layout = layoutFor('admin', createValues('admin', 'ordinance'));
    expect(layout).toMatchObject({
      creationDate: 'editable',
      typeDisabled: false,
      demType: false,
      authorTypeOptions: ['concejal'],
      state: 'editable',
      number: false,
      keywords: true,
      pdfProcess: true,
      pdfApproved: true,
      links: true,
      lockedFirstAuthor: null,
    });
    expect(layout.typeOptions).toHaveLength(7);
  });

  it('asesor: no creation date, the rest as admin', () => {
    const layout = layoutFor('asesor', createValues('asesor', 'resolution'));
    expect(layout).toMatchObject({ creationDate: 'hidden', state: 'editable', keywords: true, pdfApproved: true, links: true });
  });

  it('shows the number only once the state is approved', () => {
    expect(layoutFor('asesor', createValues('asesor', 'ordinance', { state: 'approved' })).number).toBe(true);
  });

  it('mesa: no state, no process PDF, no approved PDF, no links; registers DEM messages with their sub-type (DESIGN 7)', () => {
    const layout = layoutFor('mesa', createValues('mesa', 'ordinance'));
    expect(layout).toMatchObject({ state: 'hidden', pdfProcess: false, pdfApproved: false, links: false, keywords: true });
    expect(layout.typeOptions).toContain('dem-message');
    expect(layout.typeOptions).toContain('correspondence');
    expect(layoutFor('mesa', createValues('mesa', 'dem-message')).demType).toBe(true);
    expect(layoutFor('mesa', createValues('mesa', 'dem-message'), 'update').demType).toBe(false);
  });

  it('concejal: author type fixed to concejal, own name first, no state, keywords, approved PDF, correspondence nor DEM message', () => {
    const values = createValues('concejal', 'ordinance');
    const layout = layoutFor('concejal', values);
    expect(values.authors).toEqual([OWN]);
    expect(values.authorType).toBe('concejal');
    expect(layout).toMatchObject({
      state: 'hidden',
      keywords: false,
      pdfApproved: false,
      pdfProcess: true,
      links: false,
      authorTypeDisabled: true,
      lockedFirstAuthor: OWN,
    });
    expect(layout.typeOptions).not.toContain('correspondence');
    expect(layout.typeOptions).not.toContain('dem-message');
  });

  it('ejecutivo: type fixed to DEM message, type and author selectors disabled, authors DEM, DEM sub-type shown', () => {
    const values = initialCreateValues('ejecutivo', 'Diego Pereyra');
    const layout = formLayout('ejecutivo', values, 'create', 'Diego Pereyra');
    expect(values).toMatchObject({ type: 'dem-message', authorType: 'DEM', authors: ['DEM'] });
    expect(layout).toMatchObject({ typeOptions: ['dem-message'], typeDisabled: true, authorTypeDisabled: true, authorsDisabled: true, demType: true, state: 'hidden', pdfApproved: false });
  });

  it('offers links for DEM decrees and ordinances only', () => {
    const message = createValues('admin', 'dem-message');
    expect(layoutFor('admin', message).links).toBe(false);
    expect(layoutFor('admin', withDemType(message, 'decree')).links).toBe(true);
    expect(layoutFor('admin', withDemType(message, 'message')).links).toBe(false);
    expect(layoutFor('admin', createValues('admin', 'declaration')).links).toBe(false);
  });

  it('correspondence has no PDFs nor links', () => {
    const layout = layoutFor('admin', createValues('admin', 'correspondence'));
    expect(layout).toMatchObject({ pdfProcess: false, pdfApproved: false, links: false, authorTypeOptions: ['particular'] });
  });
});

describe('how one choice changes the others', () => {
  it('DEM message sets DEM as the only author and disables the authors; leaving it empties them', () => {
    const dem = createValues('admin', 'dem-message', {});
    expect(dem).toMatchObject({ authorType: 'DEM', authors: ['DEM'] });
    expect(layoutFor('admin', dem).authorsDisabled).toBe(true);
    const back = withType(dem, 'resolution', 'admin', 'create', OWN);
    expect(back).toMatchObject({ authorType: 'concejal', authors: [], demType: '' });
  });

  it('choosing correspondence clears the PDFs and the related norms', () => {
    const filled = createValues('asesor', 'ordinance', { pdfProcess: pdf(), pdfApproved: pdf(), modifies: [ref(1)], modifiedBy: [ref(2)] });
    const correspondence = withType(filled, 'correspondence', 'asesor', 'create', OWN);
    expect(correspondence).toMatchObject({ pdfProcess: null, pdfApproved: null, modifies: [], modifiedBy: [], authorType: 'particular' });
  });

  it('a DEM sub-type that cannot link clears the links', () => {
    const decree = withDemType(createValues('admin', 'dem-message'), 'decree');
    const linked = { ...decree, modifies: [ref(1)] };
    expect(withDemType(linked, 'message').modifies).toEqual([]);
  });

  it('the edit form offers DEM as author of an ordinance, and choosing it makes DEM the author', () => {
    const values = createValues('admin', 'ordinance', { authors: ['Luis Paz'] });
    expect(layoutFor('admin', values, 'update').authorTypeOptions).toEqual(['concejal', 'DEM']);
    expect(withAuthorType(values, 'DEM', 'admin', OWN).authors).toEqual(['DEM']);
  });
});

describe('checks before creating (spec 5)', () => {
  it('asks for the type first', () => {
    const values = initialCreateValues('admin', OWN);
    expect(validateCreate(values, 'admin').type).toEqual([REGULATION_MESSAGES.typeRequired]);
  });

  it('asks for number and approved PDF when approving', () => {
    const values = createValues('asesor', 'ordinance', { state: 'approved', subject: 'Tema', authors: ['A'] });
    const errors = validateCreate(values, 'asesor');
    expect(errors.number).toEqual([REGULATION_MESSAGES.numberRequired]);
    expect(errors.pdf_approved).toEqual([REGULATION_MESSAGES.approvedPdfRequired]);
  });

  it('asks for the DEM sub-type, the authors and the subject', () => {
    const values = createValues('admin', 'dem-message');
    const errors = validateCreate(values, 'admin');
    expect(errors.dem_type).toEqual([REGULATION_MESSAGES.demTypeRequired]);
    expect(errors.subject).toEqual(['El tema es obligatorio.']);
    const resolution = createValues('admin', 'resolution', { subject: 'Tema' });
    expect(validateCreate(resolution, 'admin').authors).toEqual([REGULATION_MESSAGES.authorsRequired]);
  });

  it('accepts a complete approved ordinance and sends lists as name[] and the PDF as a file', () => {
    const values = createValues('admin', 'ordinance', {
      state: 'approved',
      number: '15',
      subject: ' Arbolado ',
      authors: ['Ana'],
      keywords: ['árboles', ' árboles ', 'veredas'],
      pdfApproved: pdf(),
      modifies: [ref(3)],
      creationDate: '2024-03-05T18:30',
    });
    const layout = layoutFor('admin', values);
    expect(validateCreate(values, 'admin')).toEqual({});
    const form = toCreateFormData(values, layout, dates);
    expect(form.getAll('keywords[]')).toEqual(['árboles', 'veredas']);
    expect(form.getAll('authors[]')).toEqual(['Ana']);
    expect(form.getAll('modifies[]')).toEqual(['3']);
    expect(form.get('number')).toBe('15');
    expect(form.get('state')).toBe('approved');
    expect(form.get('creation_date')).toBe('2024-03-05T18:30:00-03:00');
    expect(form.get('pdf_approved')).toBeInstanceOf(File);
    expect(form.has('pdf_process')).toBe(false);
  });

  it("sends the creation date as the wall clock of the site's time zone, and shows a stored one in it", () => {
    const values = createValues('admin', 'ordinance', { state: 'approved', number: '15', subject: 'Arbolado', authors: ['Ana'], pdfApproved: pdf(), creationDate: '2024-03-05T18:30' });
    const bogota = councilDates('America/Bogota');
    expect(toCreateFormData(values, layoutFor('admin', values), bogota).get('creation_date')).toBe('2024-03-05T18:30:00-05:00');
    // 23:30 UTC is 18:30 in Bogotá, already 20:30 in Buenos Aires.
    expect(valuesFromDetail({ ...DETAIL, created_at: '2024-03-05T23:30:00.000Z' }, bogota).creationDate).toBe('2024-03-05T18:30');
  });

  it('sends each chosen norm under the field of its kind, on both sides', () => {
    const values = createValues('asesor', 'ordinance', {
      subject: 'Derogación',
      authors: ['Ana'],
      modifies: [ref(3, 'repeals'), ref(4), ref(5, 'repeals'), ref(6, 'regulates')],
      modifiedBy: [ref(8, 'partially_repeals'), ref(9)],
    });
    expect(validateCreate(values, 'asesor')).toEqual({});
    const form = toCreateFormData(values, layoutFor('asesor', values), dates);
    expect(form.getAll('modifies[]')).toEqual(['4']);
    expect(form.getAll('repeals[]')).toEqual(['3', '5']);
    expect(form.getAll('regulates[]')).toEqual(['6']);
    expect(form.has('partially_repeals[]')).toBe(false);
    expect(form.getAll('modified_by[]')).toEqual(['9']);
    expect(form.getAll('partially_repealed_by[]')).toEqual(['8']);
    expect(form.has('repealed_by[]')).toBe(false);
  });

  it('sends no link of any kind for a role without the lists', () => {
    const values = createValues('mesa', 'ordinance', { subject: 'Nota', authors: ['Ana'], modifies: [ref(3, 'repeals')], modifiedBy: [ref(4)] });
    const form = toCreateFormData(values, layoutFor('mesa', values), dates);
    expect([...form.keys()].filter((key) => /modif|repeal|regulat/.test(key))).toEqual([]);
  });

  it("never sends what the concejal may not set", () => {
    const values = createValues('concejal', 'ordinance', { subject: 'Proyecto', keywords: ['x'], state: 'approved', number: '3' });
    const layout = layoutFor('concejal', values);
    expect(validateCreate(values, 'concejal')).toEqual({});
    const form = toCreateFormData(values, layout, dates);
    expect(form.has('state')).toBe(false);
    expect(form.has('keywords[]')).toBe(false);
    expect(form.has('number')).toBe(false);
    expect(form.getAll('authors[]')).toEqual([OWN]);
  });
});

const DETAIL: RegulationDetail = {
  id: 9,
  type: 'ordinance',
  dem_type: null,
  number: null,
  cargo: 40,
  expediente: '40-C-2024',
  subject: 'Proyecto de arbolado',
  created_at: '2024-03-05T21:30:00.000Z',
  state: 'process',
  author_type: 'concejal',
  authors: [{ name: OWN }],
  keywords: [{ word: 'árboles' }],
  pdf_process: '/files/p.pdf',
  pdf_approved: null,
  is_old: 0,
  can: { update: true, delete: false, details: true },
  version: 3,
  actions: [],
  legal_force: 'in_force',
  regulations_modified: [ref(1)],
  regulations_that_modify: [],
  modifications: [],
  in_force_until: null,
  voided_on: null,
};

describe('the edit form', () => {
  it('sends only what changed, with the version', () => {
    const values = { ...valuesFromDetail(DETAIL, dates), subject: 'Plan de arbolado', modifies: [ref(1), ref(2)], state: 'approved' as const, number: '77', pdfApproved: pdf() };
    const layout = layoutFor('admin', values, 'update');
    expect(validateEdit(values, DETAIL, 'admin')).toEqual({});
    const changes = buildChanges(values, DETAIL, layout);
    expect(changes).toEqual({ subject: 'Plan de arbolado', modifies: [1, 2], state: 'approved', number: 77 });
    const form = toUpdateFormData(values, changes, DETAIL.version);
    expect(JSON.parse(String(form.get('changes')))).toEqual(changes);
    expect(form.get('version')).toBe('3');
    expect(form.get('pdf_approved')).toBeInstanceOf(File);
  });

  it('sends nothing when nothing changed, and an empty value to remove a PDF', () => {
    const values = { ...valuesFromDetail(DETAIL, dates), removePdfProcess: true };
    const layout = layoutFor('asesor', values, 'update');
    expect(buildChanges(values, DETAIL, layout)).toEqual({});
    expect(toUpdateFormData(values, {}, 3).get('pdf_process')).toBe('');
  });

  it('lists the links of every kind with their kind, and sends nothing when none changed', () => {
    const detail: RegulationDetail = { ...DETAIL, regulations_modified: [ref(1), ref(2, 'repeals')], regulations_that_modify: [ref(3, 'regulates')] };
    const values = valuesFromDetail(detail, dates);
    expect(values.modifies).toEqual([ref(1), ref(2, 'repeals')]);
    expect(values.modifiedBy).toEqual([ref(3, 'regulates')]);
    expect(buildChanges(values, detail, layoutFor('asesor', values, 'update'))).toEqual({});
  });

  it('a kind changed on one norm sends the field it left and the field it joined, and no other', () => {
    const detail: RegulationDetail = { ...DETAIL, regulations_modified: [ref(1), ref(2, 'repeals')], regulations_that_modify: [ref(3, 'regulates')] };
    const layout = layoutFor('asesor', valuesFromDetail(detail, dates), 'update');
    // Ordenanza 1 goes from "Modifica" to "Deroga parcialmente": without `modifies: []` the API would see it under two kinds.
    const moved = { ...valuesFromDetail(detail, dates), modifies: [ref(1, 'partially_repeals'), ref(2, 'repeals')] };
    expect(validateEdit(moved, detail, 'asesor')).toEqual({});
    expect(buildChanges(moved, detail, layout)).toEqual({ modifies: [], partially_repeals: [1] });
    // Into a kind that already holds another norm: that kind's whole list goes, the moved norm with it.
    const joined = { ...valuesFromDetail(detail, dates), modifies: [ref(1, 'repeals'), ref(2, 'repeals')] };
    expect(buildChanges(joined, detail, layout)).toEqual({ modifies: [], repeals: [1, 2] });
    // On the incoming side the fields are the mirrored ones.
    const incoming = { ...valuesFromDetail(detail, dates), modifiedBy: [ref(3, 'repeals')] };
    expect(buildChanges(incoming, detail, layout)).toEqual({ repealed_by: [3], regulated_by: [] });
  });

  it('removing a norm sends its kind without it; adding one sends its kind with it', () => {
    const detail: RegulationDetail = { ...DETAIL, regulations_modified: [ref(1), ref(2, 'repeals')], regulations_that_modify: [] };
    const layout = layoutFor('admin', valuesFromDetail(detail, dates), 'update');
    const removed = { ...valuesFromDetail(detail, dates), modifies: [ref(1)] };
    expect(buildChanges(removed, detail, layout)).toEqual({ repeals: [] });
    const added = { ...valuesFromDetail(detail, dates), modifiedBy: [ref(7, 'partially_repeals')] };
    expect(buildChanges(added, detail, layout)).toEqual({ partially_repealed_by: [7] });
  });

  it('the same norm in both lists is refused before sending, whatever the kinds', () => {
    const values = { ...valuesFromDetail(DETAIL, dates), modifiedBy: [ref(1, 'repeals')] };
    expect(validateEdit(values, DETAIL, 'admin').modified_by).toEqual([REGULATION_MESSAGES.linkedTwice]);
  });

  it('shows the creation date read-only to the admin only, and disables the type', () => {
    const values = valuesFromDetail(DETAIL, dates);
    expect(layoutFor('admin', values, 'update')).toMatchObject({ creationDate: 'readonly', typeDisabled: true });
    expect(layoutFor('asesor', values, 'update').creationDate).toBe('hidden');
  });

  it('disables the state for a concejal and never sends it', () => {
    const values = { ...valuesFromDetail(DETAIL, dates), state: 'approved' as const };
    const layout = layoutFor('concejal', values, 'update');
    expect(layout.state).toBe('disabled');
    expect(layout.keywords).toBe(false);
    expect(layout.pdfApproved).toBe(false);
    expect(buildChanges(values, DETAIL, layout)).not.toHaveProperty('state');
  });

  it('asks for the number and the approved PDF together when approving', () => {
    const values = { ...valuesFromDetail(DETAIL, dates), state: 'approved' as const };
    expect(validateEdit(values, DETAIL, 'asesor').number).toEqual([REGULATION_MESSAGES.numberAndPdfRequired]);
    const withNumber = { ...values, number: '5' };
    expect(validateEdit(withNumber, DETAIL, 'asesor').pdf_approved).toEqual([REGULATION_MESSAGES.numberAndPdfRequired]);
  });

  it('shows the DEM sub-type to admin and asesor only', () => {
    const dem = { ...DETAIL, type: 'dem-message' as const, dem_type: 'message' as const, author_type: 'DEM' as const, authors: [{ name: 'DEM' }] };
    const values = valuesFromDetail(dem, dates);
    expect(layoutFor('asesor', values, 'update').demType).toBe(true);
    expect(layoutFor('mesa', values, 'update').demType).toBe(false);
  });
});
