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
});
