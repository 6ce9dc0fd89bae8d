import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, logInAs, renderRoutes } from '../../../test/render-routes';
import { RegulationDetailsPage } from './regulation-details-page';
import { detail } from './test-data';

const routes = [{ path: '/admin/detalles/:id', Component: RegulationDetailsPage }];

describe('the regulation detail page', () => {
  it('shows the regulation, links the related norms and toggles the history', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(detail())));
    logInAs('admin');
    const { user } = renderRoutes(routes, { initialEntries: ['/admin/detalles/1'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ordenanza N° 1234' })).toBeInTheDocument();
    expect(screen.getByText('05/03/2024, 18:30')).toBeInTheDocument();
    expect(screen.getByText('Ana Rodríguez, Luis Paz, Eva Díaz')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ordenanza N° 100' })).toHaveAttribute('href', '/admin/detalles/5');
    expect(screen.getByText('Vigente')).toHaveClass('badge');
    expect(screen.getByRole('link', { name: /Ver PDF aprobado/ })).toHaveAttribute('href', '/files/regulations-approved/a.pdf');

    const toggle = screen.getByRole('button', { name: 'Mostrar historial' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Ocultar historial' })).toHaveAttribute('aria-expanded', 'true');
    const history = within(screen.getByRole('table'));
    expect(history.getByText('Palabra clave agregada')).toBeInTheDocument();
    expect(history.getByText('Estado')).toBeInTheDocument();
    expect(history.getByText('En proceso')).toBeInTheDocument();
    expect(history.getAllByText('Lucía Fernández')).toHaveLength(2);
  });

  it('reads each link with its kind, from this norm and towards it, and the legal force as a badge with its text', async () => {
    const linked = detail({
      legal_force: 'partially_repealed',
      regulations_modified: [
        { id: 5, type: 'ordinance', number: 100, subject: 'Tránsito pesado', kind: 'repeals' },
        { id: 6, type: 'ordinance', number: 200, subject: '', kind: 'regulates' },
      ],
      regulations_that_modify: [{ id: 7, type: 'decree', number: 7, subject: 'Zonas', kind: 'partially_repeals' }],
    });
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(linked)));
    logInAs('asesor');
    renderRoutes([{ path: '/asesor-concejal/detalles/:id', Component: RegulationDetailsPage }], { initialEntries: ['/asesor-concejal/detalles/1'] });
    const repealing = (await screen.findByRole('link', { name: 'Ordenanza N° 100' })).closest('li')!;
    expect(repealing).toHaveTextContent('Deroga: Ordenanza N° 100 – Tránsito pesado');
    expect(screen.getByRole('link', { name: 'Ordenanza N° 200' }).closest('li')).toHaveTextContent(/^Reglamenta: Ordenanza N° 200$/);
    const incoming = screen.getByRole('link', { name: 'Decreto N° 7' });
    expect(incoming).toHaveAttribute('href', '/asesor-concejal/detalles/7');
    expect(incoming.closest('li')).toHaveTextContent('Derogada parcialmente por: Decreto N° 7 – Zonas');
    const force = screen.getByText('Vigencia:', { exact: false });
    expect(force).toHaveTextContent('Vigencia: Derogada parcialmente');
    expect(within(force).getByText('Derogada parcialmente')).toHaveClass('badge');
  });

  it('says nothing of legal force for a project still in process', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(detail({ state: 'process', number: null, regulations_modified: [] }))));
    logInAs('admin');
    renderRoutes(routes, { initialEntries: ['/admin/detalles/1'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ordenanza sin número' })).toBeInTheDocument();
    expect(screen.queryByText(/Vigencia/)).not.toBeInTheDocument();
    expect(screen.queryByText('Vigente')).not.toBeInTheDocument();
  });

  it('says when the regulation does not exist or cannot be loaded', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ message: 'No se encontró la normativa.', requestId: 'r' }, 404)));
    logInAs('admin');
    const view = renderRoutes(routes, { initialEntries: ['/admin/detalles/99'] });
    expect(await screen.findByText('No se encontraron datos.')).toBeInTheDocument();
    view.unmount();
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ message: 'x', requestId: 'r' }, 500)));
    renderRoutes(routes, { initialEntries: ['/admin/detalles/99'] });
    expect(await screen.findByText('Error al obtener la normativa.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('lists the trámite oldest first and lets the staff add a step, the form asking only what its kind needs', async () => {
    const ingreso = { id: 1, kind: 'ingreso', label: 'Ingreso por Mesa de Entradas', date: '2024-03-05', note: null, automatic: true, pdf: null, committee: null, majority: null, promulgation: null, veto: null, decree: null, edition: null, page: null, url: null, in_force_from: null, day_order_id: null } as const;
    const giro = { ...ingreso, id: 2, kind: 'giro', label: 'Giro a comisión', date: '2024-03-07', automatic: false, committee: 'hacienda' } as const;
    let saved: unknown;
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        saved = JSON.parse(String(init.body));
        return jsonResponse({ ...giro, id: 3, date: '2024-03-09' }, 201);
      }
      return jsonResponse(detail({ state: 'process', number: null, expediente: '12-C-2024', actions: [ingreso, giro] }));
    });
    vi.stubGlobal('fetch', fetchMock);
    logInAs('asesor');
    const { user } = renderRoutes([{ path: '/asesor-concejal/detalles/:id', Component: RegulationDetailsPage }], { initialEntries: ['/asesor-concejal/detalles/1'] });
    const section = within((await screen.findByRole('heading', { name: 'Trámite del expediente 12-C-2024' })).closest('section')!);
    const steps = section.getAllByRole('listitem');
    expect(steps[0]).toHaveTextContent('05/03/2024 – Ingreso por Mesa de Entradas');
    expect(steps[1]).toHaveTextContent('07/03/2024 – Giro a comisión: Comisión de Hacienda');
    // An automatic step is only redated; a manual one may also be deleted.
    expect(within(steps[0]!).queryByRole('button', { name: /Eliminar/ })).not.toBeInTheDocument();
    expect(within(steps[1]!).getByRole('button', { name: 'Eliminar Giro a comisión' })).toBeInTheDocument();

    expect(section.queryByLabelText('Comisión')).not.toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Agregar paso' }));
    expect(section.getByLabelText('Paso')).toHaveAccessibleDescription('Seleccione un paso del trámite que se pueda cargar.');
    await user.selectOptions(section.getByLabelText('Paso'), 'giro');
    await user.type(section.getByLabelText('Fecha'), '2024-03-09');
    await user.click(section.getByRole('button', { name: 'Agregar paso' }));
    expect(section.getByLabelText('Comisión')).toHaveAccessibleDescription('Seleccione la comisión.');
    await user.selectOptions(section.getByLabelText('Comisión'), 'hacienda');
    await user.click(section.getByRole('button', { name: 'Agregar paso' }));
    expect(await section.findByText('Se agregó «Giro a comisión» al trámite.')).toBeInTheDocument();
    expect(saved).toEqual({ kind: 'giro', date: '2024-03-09', committee: 'hacienda' });
    expect(screen.getByText('Expediente').nextElementSibling).toHaveTextContent('12-C-2024');
  });
});
