import type { SessionType } from '@concejo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { clearSession } from '../../../lib/session';
import { pageLoads } from '../../../enhance/navigate';
import { jsonResponse, logInAs, renderRoutes, testSite } from '../../../test/render-routes';
import { renderServerPage } from '../../../test/render-server-page';
import { PublicDayOrdersPage } from './public-day-orders-page';

let load: MockInstance<typeof pageLoads.load>;
beforeEach(() => {
  load = vi.spyOn(pageLoads, 'load').mockImplementation(() => undefined);
});

const page = (ids: number[], extra: Partial<{ current_page: number; last_page: number; total: number }> = {}) => ({
  data: ids.map((id) => ({
    id,
    date_creation: `2026-03-0${id}T12:00:00.000Z`,
    session_date: `2026-03-1${id}T22:00:00.000Z`,
    session_type: (id % 2 ? 'ordinaria' : 'autoconvocada') as SessionType,
    pdf_path: `/api/v1/files/day-orders/0000000${id}-0000-0000-0000-000000000000.pdf`,
  })),
  current_page: 1,
  last_page: 1,
  total: ids.length,
  per_page: 10,
  ...extra,
});

function renderPage(url = '/ver-orden-dia', site = testSite()) {
  return renderRoutes([{ path: '/ver-orden-dia', Component: PublicDayOrdersPage }, { path: '/admin/cargar-orden-dia', Component: () => <p>Formulario</p> }], { initialEntries: [url], site });
}

describe('PublicDayOrdersPage', () => {
  it("shows the session and creation times on the wall clock of the site's time zone", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(page([2]))));
    renderPage('/ver-orden-dia', testSite({ time_zone: 'Europe/Madrid' }));
    // 22:00 UTC: 19:00 in Buenos Aires, 23:00 in Madrid; 12:00 UTC: 13:00 in Madrid.
    expect(await screen.findByText('02/03/2026, 13:00')).toBeInTheDocument();
    expect(within(screen.getAllByRole('row')[1]!).getAllByRole('cell')[0]).toHaveTextContent('12/03/2026, 23:00Sesión Autoconvocada');
  });

  it('lists the agendas with their session, creation date and PDF, and no staff controls for visitors', async () => {
    const fetch = vi.fn(async () => jsonResponse(page([2, 1])));
    vi.stubGlobal('fetch', fetch);
    renderPage();
    expect(await screen.findByText('02/03/2026, 09:00')).toBeInTheDocument();
    const rows = screen.getAllByRole('row');
    expect(within(rows[1]!).getAllByRole('cell')[0]).toHaveTextContent('12/03/2026, 19:00Sesión Autoconvocada');
    expect(within(rows[2]!).getAllByRole('cell')[0]).toHaveTextContent('11/03/2026, 19:00Sesión Ordinaria');
    expect(screen.getByText('Mostrando 1 - 2 de 2 órdenes del día.')).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: /PDF de la orden del día/ });
    expect(links[0]).toHaveAttribute('href', '/api/v1/files/day-orders/00000002-0000-0000-0000-000000000000.pdf');
    expect(screen.queryByRole('button', { name: /Eliminar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Cargar orden del día' })).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/v1/day-orders/published?page=1', expect.anything());
  });

  it('sends the filters through the address, and Limpiar removes them', async () => {
    const fetch = vi.fn(async () => jsonResponse(page([1])));
    vi.stubGlobal('fetch', fetch);
    const { user, router } = renderPage();
    await screen.findByText('Mostrando 1 - 1 de 1 orden del día.');
    await user.type(screen.getByLabelText('Desde'), '2026-03-01');
    await user.type(screen.getByLabelText('Hasta'), '2026-03-05');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-03-01&to=2026-03-05'));
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith('/api/v1/day-orders/published?from=2026-03-01&to=2026-03-05&page=1', expect.anything()));
    await user.click(screen.getByRole('link', { name: 'Limpiar' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByLabelText('Desde')).toHaveValue('');
  });

  it('is a GET form to /ver-orden-dia whose fields carry the names of the address, so it filters without JavaScript', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(page([1], { current_page: 2, last_page: 3, total: 21 }))));
    renderPage('/ver-orden-dia?from=2026-03-01&page=2');
    await screen.findByText('Mostrando 11 - 11 de 21 órdenes del día.');
    const form = screen.getByRole('button', { name: 'Filtrar' }).closest('form')!;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/ver-orden-dia');
    expect(screen.getByRole('button', { name: 'Filtrar' })).toHaveAttribute('type', 'submit');
    expect(screen.getByLabelText('Desde')).toHaveAttribute('name', 'from');
    expect(screen.getByLabelText('Hasta')).toHaveAttribute('name', 'to');
    // What the browser would send: the filters, and no page (a new filter starts at the first).
    expect(new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString()).toBe('from=2026-03-01&to=');
    // Without JavaScript the browser's own checks hold «Hasta» after «Desde».
    expect(screen.getByLabelText('Hasta')).toHaveAttribute('min', '2026-03-01');
    expect(form.noValidate).toBe(true);
    expect(screen.getByRole('link', { name: 'Limpiar' })).toHaveAttribute('href', '/ver-orden-dia');
  });

  it('tells apart two agendas created on the same day by their sessions', async () => {
    const sameDay = page([1, 2]);
    sameDay.data[1] = { ...sameDay.data[1]!, date_creation: '2026-03-01T12:00:00.000Z', session_type: 'convocada', session_date: '2026-03-05T12:30:00.000Z' };
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(sameDay)));
    renderPage();
    expect(await screen.findAllByText('01/03/2026, 09:00')).toHaveLength(2);
    expect(screen.getByText('11/03/2026, 19:00')).toBeInTheDocument();
    expect(screen.getByText('Sesión Ordinaria')).toBeInTheDocument();
    expect(screen.getByText('05/03/2026, 09:30')).toBeInTheDocument();
    expect(screen.getByText('Sesión Convocada (extraordinaria, convocada por el Departamento Ejecutivo)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /PDF de la orden del día de la sesión del 05\/03\/2026, 09:30/ })).toBeInTheDocument();
  });

  it('refuses a «Hasta» before «Desde», and clears the error as it is corrected', async () => {
    const fetch = vi.fn(async () => jsonResponse(page([1])));
    vi.stubGlobal('fetch', fetch);
    const { user, router } = renderPage();
    await screen.findByText('Mostrando 1 - 1 de 1 orden del día.');
    await user.type(screen.getByLabelText('Desde'), '2026-03-05');
    await user.type(screen.getByLabelText('Hasta'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('La fecha «Hasta» no puede ser anterior a «Desde».')).toBeInTheDocument();
    expect(screen.getByLabelText('Hasta')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.search).toBe('');
    await user.clear(screen.getByLabelText('Hasta'));
    await user.type(screen.getByLabelText('Hasta'), '2026-03-06');
    await waitFor(() => expect(screen.queryByText('La fecha «Hasta» no puede ser anterior a «Desde».')).not.toBeInTheDocument());
  });

  it('moves through the pages with the pager, links that keep the filters, and takes the focus to the results', async () => {
    const fetch = vi.fn(async (url: string) => jsonResponse(page([3], { current_page: url.includes('page=2') ? 2 : 1, last_page: 4, total: 31 })));
    vi.stubGlobal('fetch', fetch);
    const { user, router } = renderPage('/ver-orden-dia?from=2026-01-01');
    const second = await screen.findByRole('link', { name: 'Página 2' });
    expect(second).toHaveAttribute('href', '/ver-orden-dia?from=2026-01-01&page=2#resultados');
    await user.click(second);
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-01-01&page=2'));
    expect(await screen.findByRole('link', { name: 'Página 2', current: 'page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Primera página' })).toHaveAttribute('href', '/ver-orden-dia?from=2026-01-01#resultados');
    expect(screen.getByRole('region', { name: 'Resultados' })).toHaveFocus();
  });

  it('says when nothing was found, and when the list could not be loaded', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(page([]))));
    renderPage();
    expect(await screen.findByText('No se encontraron resultados.')).toBeInTheDocument();
  });

  it('shows the spec message when the list fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ message: 'x', requestId: 'r' }, 500)));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al obtener las normativas.');
  });

  it('offers the asesor the create button of their panel, without delete', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(page([1]))));
    logInAs('asesor');
    renderPage();
    expect(await screen.findByRole('link', { name: 'Cargar orden del día' })).toHaveAttribute('href', '/asesor-concejal/cargar-orden-dia');
    expect(screen.queryByRole('button', { name: /Eliminar/ })).not.toBeInTheDocument();
  });

  it('lets an admin delete a row after confirming it, then reloads the list 1.5 s later', async () => {
    let deleted = false;
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'DELETE') {
        deleted = true;
        return jsonResponse({ message: 'Orden eliminada exitosamente.' });
      }
      return jsonResponse(page(deleted ? [2] : [2, 1]));
    });
    vi.stubGlobal('fetch', fetch);
    logInAs('admin');
    const { user } = renderPage();
    expect(await screen.findByRole('link', { name: 'Cargar orden del día' })).toHaveAttribute('href', '/admin/cargar-orden-dia');
    // The delete button is a lazy chunk of its own: its first load in a busy test run takes a moment.
    await user.click(await screen.findByRole('button', { name: 'Eliminar la orden del día de la sesión del 11/03/2026, 19:00' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar Eliminación' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Orden eliminada exitosamente.')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/v1/day-orders/1', expect.objectContaining({ method: 'DELETE' }));
    await waitFor(() => expect(screen.queryByText('01/03/2026, 09:00')).not.toBeInTheDocument(), { timeout: 3000 });
  });

  it('tells the admin when the deletion failed', async () => {
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init?: RequestInit) => (init?.method === 'DELETE' ? jsonResponse({ message: 'x', requestId: 'r' }, 500) : jsonResponse(page([1])))));
    logInAs('admin');
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: /Eliminar la orden del día/ }, { timeout: 5000 }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Error al eliminar la orden.')).toBeInTheDocument();
  });

  it('as the server sends it: a GET form whose valid dates load the address, and whose wrong ones say why', async () => {
    const api = vi.fn(async (url: string) => (url.startsWith('/api/v1/day-orders/published') ? jsonResponse(page([2, 1])) : jsonResponse({ message: 'no' }, 404)));
    const { user } = await renderServerPage('/ver-orden-dia', api);
    expect(screen.getByText('Mostrando 1 - 2 de 2 órdenes del día.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Desde'), '2026-03-05');
    await user.type(screen.getByLabelText('Hasta'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(screen.getByText('La fecha «Hasta» no puede ser anterior a «Desde».')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Hasta'));
    await user.type(screen.getByLabelText('Hasta'), '2026-03-09');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(load).toHaveBeenCalledWith('/ver-orden-dia?from=2026-03-05&to=2026-03-09', false);
  });
});

describe('/ver-orden-dia, as the server sends it', () => {
  it('offers the sessions as a calendar and the agendas as a feed, also to feed readers in its head', async () => {
    const { head } = await renderServerPage('/ver-orden-dia', async () => jsonResponse(page([1])));
    const follow = screen.getByRole('region', { name: 'Seguir las sesiones' });
    expect(within(follow).getByRole('link', { name: 'Calendario de sesiones (iCal)' })).toHaveAttribute('href', '/api/v1/day-orders/calendar.ics');
    expect(within(follow).getByRole('link', { name: 'Suscribirse (Atom)' })).toHaveAttribute('href', '/api/v1/day-orders/feed.atom');
    expect(head).toContain('<link rel="alternate" type="application/atom+xml" title="Órdenes del día" href="/api/v1/day-orders/feed.atom"');
  });
});

describe('/ver-orden-dia for the staff, as the server sends it (the session is read by the page script)', () => {
  // jsdom has no modal dialogs: open and close are the attribute, as Chromium's are (e2e/day-orders.spec.ts runs the real one).
  beforeEach(() => {
    Object.assign(HTMLDialogElement.prototype, {
      showModal(this: HTMLDialogElement) {
        this.setAttribute('open', '');
      },
      close(this: HTMLDialogElement) {
        this.removeAttribute('open');
      },
    });
  });
  afterEach(() => {
    const dialog = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
    delete dialog.showModal;
    delete dialog.close;
    vi.restoreAllMocks();
  });

  it('gives the asesor the builder of their panel, and nothing to delete', async () => {
    logInAs('asesor');
    await renderServerPage('/ver-orden-dia', async () => jsonResponse(page([1])));
    expect(await screen.findByRole('link', { name: 'Cargar orden del día' })).toHaveAttribute('href', '/asesor-concejal/cargar-orden-dia');
    expect(screen.queryByRole('button', { name: /Eliminar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Acciones' })).not.toBeInTheDocument();
  });

  it("gives the admin a delete button per row, which asks 'Confirmar Eliminación' first and reloads the page 1.5 s after deleting", async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    logInAs('admin');
    const api = vi.fn(async (_url: string, init?: RequestInit) => jsonResponse(init?.method === 'DELETE' ? { message: 'Orden eliminada exitosamente.' } : page([2, 1])));
    const { user } = await renderServerPage('/ver-orden-dia', api);
    expect(await screen.findByRole('link', { name: 'Cargar orden del día' })).toHaveAttribute('href', '/admin/cargar-orden-dia');
    expect(screen.getByRole('columnheader', { name: 'Acciones' })).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Eliminar la orden del día de la sesión del 11/03/2026, 19:00' });
    expect(screen.getAllByRole('button', { name: /^Eliminar la orden del día/ })).toHaveLength(2);

    // Cancelar leaves everything as it was.
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Confirmar Eliminación' });
    expect(dialog).toHaveAccessibleDescription('¿Estás seguro de que deseas eliminar la orden del día de la sesión del 11/03/2026, 19:00? Su PDF dejará de estar publicado.');
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api).not.toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ method: 'DELETE' }));

    await user.click(button);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Orden eliminada exitosamente.')).toBeInTheDocument();
    expect(api).toHaveBeenCalledWith('/api/v1/day-orders/1', expect.objectContaining({ method: 'DELETE' }));
    expect(reload).not.toHaveBeenCalled();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 3000 });
  });

  it('tells the admin when the deletion failed, and keeps the page', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    logInAs('admin');
    const { user } = await renderServerPage('/ver-orden-dia', async (_url, init) => (init?.method === 'DELETE' ? jsonResponse({ message: 'x', requestId: 'r' }, 500) : jsonResponse(page([1]))));
    await user.click(await screen.findByRole('button', { name: /^Eliminar la orden del día/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Error al eliminar la orden.')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('offers visitors and other roles nothing of it, and takes it away at a logout in another tab', async () => {
    logInAs('concejal');
    await renderServerPage('/ver-orden-dia', async () => jsonResponse(page([1])));
    expect(screen.queryByRole('link', { name: 'Cargar orden del día' })).not.toBeInTheDocument();
    clearSession();
    logInAs('admin');
    expect(await screen.findByRole('button', { name: /^Eliminar la orden del día/ })).toBeInTheDocument();
    clearSession();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Eliminar la orden del día/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('link', { name: 'Cargar orden del día' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Acciones' })).not.toBeInTheDocument();
  });
});
