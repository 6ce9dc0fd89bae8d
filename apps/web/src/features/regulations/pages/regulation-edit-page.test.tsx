import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, logInAs, renderRoutes } from '../../../test/render-routes';
import { RegulationEditPage } from './regulation-edit-page';
import { detail } from './test-data';

const routes = [{ path: '/admin/modificar-normativa/:id', Component: RegulationEditPage }];

const linked = detail({
  regulations_modified: [
    { id: 5, type: 'ordinance', number: 100, subject: 'Tránsito pesado', kind: 'modifies' },
    { id: 6, type: 'ordinance', number: 200, subject: 'Estacionamiento', kind: 'repeals' },
  ],
  regulations_that_modify: [{ id: 7, type: 'decree', number: 7, subject: 'Reglamento', kind: 'regulates' }],
});

function stubApi() {
  // The detail on GET, and the saved detail on POST.
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(linked));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const sentChanges = (fetchMock: ReturnType<typeof stubApi>) => {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
  return JSON.parse(String((call?.[1]?.body as FormData).get('changes')));
};

describe('the modify form and the kinds of the links', () => {
  it('shows each stored link with its kind, from this norm and towards it', async () => {
    stubApi();
    logInAs('admin');
    renderRoutes(routes, { initialEntries: ['/admin/modificar-normativa/1'] });
    expect(await screen.findByRole('combobox', { name: 'Relación con Ordenanza N° 100' })).toHaveValue('modifies');
    expect(screen.getByRole('combobox', { name: 'Relación con Ordenanza N° 200' })).toHaveValue('repeals');
    const incoming = screen.getByRole('combobox', { name: 'Relación con Decreto N° 7' });
    expect(incoming).toHaveValue('regulates');
    expect(incoming).toHaveDisplayValue('Reglamentada por');
  });

  it('a norm moved from Modifica to Deroga sends both kinds, and nothing else', async () => {
    const fetchMock = stubApi();
    logInAs('admin');
    const { user } = renderRoutes(routes, { initialEntries: ['/admin/modificar-normativa/1'] });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Relación con Ordenanza N° 100' }), 'Deroga');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Normativa modificada correctamente.')).toBeInTheDocument();
    expect(sentChanges(fetchMock)).toEqual({ modifies: [], repeals: [5, 6] });
  });

  it('a norm removed sends its kind without it; a kind changed back is no change at all', async () => {
    const fetchMock = stubApi();
    logInAs('admin');
    const { user } = renderRoutes(routes, { initialEntries: ['/admin/modificar-normativa/1'] });
    const select = await screen.findByRole('combobox', { name: 'Relación con Decreto N° 7' });
    await user.selectOptions(select, 'Derogada por');
    await user.selectOptions(select, 'Reglamentada por');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('No hay cambios para guardar.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Quitar Decreto N° 7' }));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    expect(sentChanges(fetchMock)).toEqual({ regulated_by: [] });
  });

  it('puts a 422 on a kind field under its list', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'POST'
          ? jsonResponse({ message: 'Los datos enviados no son válidos.', errors: { repeals: ['La norma relacionada no existe.'] }, requestId: 'r' }, 422)
          : jsonResponse(linked),
      ),
    );
    logInAs('asesor');
    const { user } = renderRoutes([{ path: '/asesor-concejal/modificar-normativa/:id', Component: RegulationEditPage }], { initialEntries: ['/asesor-concejal/modificar-normativa/1'] });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Relación con Ordenanza N° 100' }), 'Deroga');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('La norma relacionada no existe.', { selector: '.invalid-feedback' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Normas que modifica' })).toHaveAttribute('aria-invalid', 'true');
  });
});
