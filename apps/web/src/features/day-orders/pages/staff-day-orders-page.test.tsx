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
    expect(screen.getByRole('heading', { level: 1, name: 'Gestionar Órdenes del día' })).toBeInTheDocument();
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

  it("downloads an agenda's Word document through a fresh signed link, and says so when it cannot", async () => {
    const detail = { day_order: { id: 1, pdf_path: '/api/v1/files/day-orders/1.pdf', docx_path: '/api/v1/files/day-orders-docx/1.docx?expires=9&signature=s', date_creation: '2026-03-01T12:00:00.000Z', session_date: '2026-03-11T22:00:00.000Z', session_type: 'ordinaria', previous_minutes: '3' }, items_by_section: { correspondence: [], dem_message: [], projects: [], comision_gobierno: [], comision_hacienda: [], comision_obras: [], comision_higiene: [] } };
    let failing = false;
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      if (url === '/api/v1/day-orders/1') return failing ? jsonResponse({ message: 'no', requestId: 'r' }, 500) : jsonResponse(detail);
      return jsonResponse(list([2, 1]));
    }));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    logInAs('asesor');
    const { user } = renderPage('/asesor-concejal');
    const word = await screen.findByRole('button', { name: 'Descargar la orden del día de la sesión del 11/03/2026, 19:00 en Word, para editarla' }, { timeout: 5000 });
    await user.click(word);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/v1/files/day-orders-docx/1.docx?expires=9&signature=s'));
    failing = true;
    await user.click(word);
    expect(await screen.findByText('No se pudo obtener el documento Word de la orden del día. Inténtalo de nuevo.')).toBeInTheDocument();
  });
});
