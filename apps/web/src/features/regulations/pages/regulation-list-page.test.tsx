import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, logInAs, renderRoutes } from '../../../test/render-routes';
import { RegulationListPage, listSummary } from './regulation-list-page';
import { listItem } from './test-data';

function stubApi(pages: Record<string, unknown> = {}) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'DELETE') return jsonResponse({ message: 'Normativa eliminada correctamente.' });
    if (url.startsWith('/api/v1/regulations')) {
      const page = new URL(url, 'http://x').searchParams.get('page') ?? '1';
      return jsonResponse(
        pages[page] ?? {
          current_page: Number(page),
          data: [
            listItem(),
            listItem({ id: 2, number: 45, cargo: 3, expediente: null, subject: '', is_old: 1, authors: [], author_type: null, keywords: [{ word: 'tasas' }], can: { update: false, delete: true, details: false } }),
          ],
          total: 32,
          total_capped: false,
          per_page: 15,
          last_page: 3,
          userName: 'Lucía Fernández',
        },
      );
    }
    return jsonResponse({ status: 'verification-link-sent' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const routes = [{ path: '/asesor-concejal', Component: RegulationListPage }];

describe('the staff regulation list', () => {
  it('says which rows it shows', () => {
    expect(listSummary(1, 15, 15, 32)).toBe('Mostrando 1 - 15 de 32 normativas totales.');
    expect(listSummary(3, 15, 2, 32)).toBe('Mostrando 31 - 32 de 32 normativas totales.');
    expect(listSummary(1, 15, 0, 0)).toBe('Mostrando 0 - 0 de 0 normativas totales.');
    expect(listSummary(2, 15, 15, 1000, true)).toBe('Mostrando 16 - 30 de más de 1.000 normativas totales.');
  });

  it('shows each row with its labels and only the actions the server allows', async () => {
    stubApi();
    logInAs('asesor');
    renderRoutes(routes, { initialEntries: ['/asesor-concejal'] });
    expect(await screen.findByText('Mostrando 1 - 2 de 32 normativas totales.')).toBeInTheDocument();
    const [, first, old] = screen.getAllByRole('row');
    expect(within(first!).getByText('Ana Rodríguez y 2 más')).toBeInTheDocument();
    expect(within(first!).getByText('05/03/2024, 18:30')).toBeInTheDocument();
    // The expediente under the cargo N°; an old norm has none.
    expect(within(first!).getByText('Expte. 12-C-2024')).toBeInTheDocument();
    expect(within(old!).queryByText(/^Expte\./)).not.toBeInTheDocument();
    expect(within(first!).getByText('Aprobado')).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'Modificar Ordenanza N° 1234' })).toHaveAttribute('href', '/asesor-concejal/modificar-normativa/1');
    expect(within(first!).getByRole('link', { name: 'Detalles de Ordenanza N° 1234' })).toHaveAttribute('href', '/asesor-concejal/detalles/1');
    expect(within(first!).queryByRole('button', { name: /Eliminar/ })).not.toBeInTheDocument();
    expect(within(old!).getByRole('button', { name: 'Eliminar Ordenanza N° 45' })).toBeInTheDocument();
    expect(within(old!).queryByRole('link', { name: /Modificar|Detalles/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Página 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByText(/perfil está incompleto/)).not.toBeInTheDocument();
  });

  it('shows the legal force under the state of the norms that rule, as text, and none for a project', async () => {
    stubApi({
      '1': {
        current_page: 1,
        data: [listItem({ legal_force: 'repealed' }), listItem({ id: 3, number: null, state: 'process', legal_force: 'in_force' }), listItem({ id: 4, number: 9, legal_force: 'in_force' })],
        total: 3,
        total_capped: false,
        per_page: 15,
        last_page: 1,
        userName: 'x',
      },
    });
    logInAs('admin');
    renderRoutes([{ path: '/admin', Component: RegulationListPage }], { initialEntries: ['/admin'] });
    expect(await screen.findByText('Mostrando 1 - 3 de 3 normativas totales.')).toBeInTheDocument();
    const [, repealed, project, inForce] = screen.getAllByRole('row');
    const state = (row: HTMLElement) => within(row).getAllByRole('cell').find((cell) => cell.dataset.label === 'Estado')!;
    expect(state(repealed!)).toHaveTextContent('AprobadoVigencia: Derogada');
    expect(within(repealed!).getByText('Derogada')).toHaveClass('badge');
    expect(state(project!)).toHaveTextContent(/^En proceso$/);
    expect(state(inForce!)).toHaveTextContent('AprobadoVigencia: Vigente');
  });

  it('keeps the filters in the URL and sends them to the API, back to page 1', async () => {
    const fetchMock = stubApi();
    logInAs('asesor');
    const { user, router } = renderRoutes(routes, { initialEntries: ['/asesor-concejal?page=2&type=minutes'] });
    expect(await screen.findByLabelText('Tipo')).toHaveValue('minute');
    await user.type(screen.getByLabelText('Buscar (tema o palabras clave)'), 'camion');
    await user.selectOptions(screen.getByLabelText('Tipo de autor'), 'DEM');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=camion&type=minute&author_type=DEM'));
    await waitFor(() => expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe('/api/v1/regulations?search=camion&type=minute&author_type=DEM&page=1'));
    await user.click(screen.getByRole('button', { name: 'Limpiar' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByLabelText('Buscar (tema o palabras clave)')).toHaveValue('');
  });

  it('refuses a «Hasta» before «Desde» under its field instead of an empty list, and clears it as it is corrected', async () => {
    const fetchMock = stubApi();
    logInAs('asesor');
    const { user, router } = renderRoutes(routes, { initialEntries: ['/asesor-concejal'] });
    await screen.findByText('Mostrando 1 - 2 de 32 normativas totales.');
    const calls = fetchMock.mock.calls.length;
    await user.type(screen.getByLabelText('Desde'), '2026-12-10');
    await user.type(screen.getByLabelText('Hasta'), '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    const to = screen.getByLabelText('Hasta');
    expect(to).toHaveAccessibleDescription('La fecha «Hasta» no puede ser anterior a «Desde».');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveFocus();
    expect(router.state.location.search).toBe('');
    expect(fetchMock.mock.calls.length).toBe(calls);
    await user.clear(to);
    await user.type(to, '2026-12-31');
    expect(to).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-12-10&to=2026-12-31'));
  });

  it('deletes an old regulation after confirming, then reloads the list a second later', async () => {
    const fetchMock = stubApi();
    logInAs('asesor');
    const { user } = renderRoutes(routes, { initialEntries: ['/asesor-concejal'] });
    await user.click(await screen.findByRole('button', { name: 'Eliminar Ordenanza N° 45' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('¿Estás seguro de que deseas eliminar esta normativa?')).toBeInTheDocument();
    const listCalls = () => fetchMock.mock.calls.filter(([, init]) => !init?.method || init.method === 'GET').length;
    const before = listCalls();
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Normativa eliminada correctamente.')).toBeInTheDocument();
    const deleteCall = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(deleteCall?.[0]).toBe('/api/v1/old-regulations/2');
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before), { timeout: 2000 });
  });

  it('shows the list error and the empty text', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ message: 'boom', requestId: 'r' }, 500)));
    logInAs('admin');
    const view = renderRoutes([{ path: '/admin', Component: RegulationListPage }], { initialEntries: ['/admin'] });
    expect(await screen.findByText('Error al obtener las normativas.')).toBeInTheDocument();
    view.unmount();
    stubApi({ '1': { current_page: 1, data: [], total: 0, total_capped: false, per_page: 15, last_page: 1, userName: 'x' } });
    renderRoutes([{ path: '/admin', Component: RegulationListPage }], { initialEntries: ['/admin'] });
    expect(await screen.findByText('No se encontraron resultados.')).toBeInTheDocument();
  });

  it('warns about an unverified e-mail, links to the profile and resends the verification', async () => {
    const fetchMock = stubApi();
    logInAs('ejecutivo', { emailVerified: false });
    const { user } = renderRoutes([{ path: '/ejecutivo', Component: RegulationListPage }], { initialEntries: ['/ejecutivo'] });
    expect(await screen.findByText(/perfil está incompleto/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver perfil' })).toHaveAttribute('href', '/ejecutivo/profile');
    await user.click(screen.getByRole('button', { name: 'Reenviar email de verificación' }));
    expect(await screen.findByText('Email de verificación enviado correctamente.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/v1/email/verification-notification')).toBe(true);
  });
});
