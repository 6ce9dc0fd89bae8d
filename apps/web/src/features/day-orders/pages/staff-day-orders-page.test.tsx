import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, logInAs, renderRoutes } from '../../../test/render-routes';
import { StaffDayOrdersPage } from './staff-day-orders-page';

const list = (ids: number[]) => ({
  data: ids.map((id) => ({
    id,
    date_creation: '2026-03-01T12:00:00.000Z',
    session_date: `2026-03-1${id}T22:00:00.000Z`,
    session_type: 'ordinaria',
    pdf_path: `/api/v1/files/day-orders/${id}.pdf`,
  })),
  current_page: 1,
  last_page: 1,
  total: ids.length,
  per_page: 10,
});

function renderPage(panel: '/admin' | '/asesor-concejal') {
  return renderRoutes([{ path: `${panel}/ordenes-del-dia`, Component: StaffDayOrdersPage }], { initialEntries: [`${panel}/ordenes-del-dia`] });
}

describe('StaffDayOrdersPage', () => {
  it('gives the asesor the agendas with their sessions and PDFs, and the builder of their panel, without delete', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(list([2, 1]))));
    logInAs('asesor');
    renderPage('/asesor-concejal');
    expect(screen.getByRole('heading', { level: 1, name: 'Gestionar órdenes del día' })).toBeInTheDocument();
    expect(await screen.findByText('12/03/2026, 19:00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cargar orden del día' })).toHaveAttribute('href', '/asesor-concejal/cargar-orden-dia');
    expect(screen.getByRole('link', { name: /PDF de la orden del día de la sesión del 11\/03\/2026, 19:00/ })).toHaveAttribute('href', '/api/v1/files/day-orders/1.pdf');
    expect(screen.queryByRole('button', { name: /Eliminar/ })).not.toBeInTheDocument();
  });

  it('lets the admin delete an agenda after confirming it', async () => {
    let deleted = false;
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'DELETE') {
        deleted = true;
        return jsonResponse({ message: 'Orden eliminada exitosamente.' });
      }
      return jsonResponse(list(deleted ? [2] : [2, 1]));
    });
    vi.stubGlobal('fetch', fetch);
    logInAs('admin');
    const { user } = renderPage('/admin');
    expect(screen.getByRole('link', { name: 'Cargar orden del día' })).toHaveAttribute('href', '/admin/cargar-orden-dia');
    // The delete button is a lazy chunk of its own: its first load in a busy test run takes a moment.
    await user.click(await screen.findByRole('button', { name: 'Eliminar la orden del día de la sesión del 11/03/2026, 19:00' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar Eliminación' });
    expect(dialog).toHaveTextContent('¿Estás seguro de que deseas eliminar la orden del día de la sesión del 11/03/2026, 19:00?');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Orden eliminada exitosamente.')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/v1/day-orders/1', expect.objectContaining({ method: 'DELETE' }));
    await waitFor(() => expect(screen.queryByText('11/03/2026, 19:00')).not.toBeInTheDocument(), { timeout: 3000 });
  });
});
