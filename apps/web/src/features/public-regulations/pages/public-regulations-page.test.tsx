import type { PublishedRegulation, PublishedRegulationList } from '@concejo/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../../test/render-routes';
import { PublicRegulationsPage } from './public-regulations-page';

function regulation(id: number, overrides: Partial<PublishedRegulation> = {}): PublishedRegulation {
  return {
    id,
    type: 'ordinance',
    dem_type: null,
    number: 2800 + id,
    subject: `Tema de la norma ${id}`,
    keywords: [{ word: 'tránsito' }, { word: 'camiones' }],
    created_at: '2025-07-15T15:00:00.000Z',
    pdf_approved: `/api/v1/files/approved/${id}.pdf`,
    matched_in: [],
    excerpt: null,
    ...overrides,
  };
}

function list(rows: PublishedRegulation[], extra: Partial<PublishedRegulationList> = {}): PublishedRegulationList {
  return { data: rows, total: rows.length, per_page: 15, current_page: 1, last_page: 1, ...extra };
}

function renderPage(url = '/normativas') {
  return renderRoutes([{ path: '/normativas', Component: PublicRegulationsPage }], { initialEntries: [url] });
}

const lastUrl = (fetch: ReturnType<typeof vi.fn>) => String(fetch.mock.calls.at(-1)?.[0]);

describe('PublicRegulationsPage', () => {
  it('lists the norms with the columns of spec 2.3, the summary and a named PDF link', async () => {
    const fetch = vi.fn(async () => jsonResponse(list([regulation(45)], { total: 31, last_page: 3 })));
    vi.stubGlobal('fetch', fetch);
    renderPage();
    expect(await screen.findByText('Mostrando 1 - 1 de 31 normativas.')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Tipo', 'N°', 'Tema', 'Palabras clave', 'Fecha de creación', 'PDF']);
    const row = screen.getAllByRole('row')[1]!;
    expect(within(row).getByText('Ordenanza')).toBeInTheDocument();
    expect(within(row).getByText('2845')).toBeInTheDocument();
    expect(within(row).getByText('tránsito, camiones')).toBeInTheDocument();
    expect(within(row).getByText('15/07/2025')).toBeInTheDocument();
    const pdf = within(row).getByRole('link', { name: 'Ver PDF de la Ordenanza N° 2845 (se abre en una pestaña nueva)' });
    expect(pdf).toHaveAttribute('href', '/api/v1/files/approved/45.pdf');
    expect(pdf).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('navigation', { name: 'Paginación de normativas' })).toBeInTheDocument();
    expect(lastUrl(fetch)).toBe('/api/v1/regulations/published?page=1');
  });

  it("shows 'Fecha inválida' for a date it cannot read", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(list([regulation(1, { created_at: 'no es una fecha' })]))));
    renderPage();
    expect(await screen.findByText('Fecha inválida')).toBeInTheDocument();
  });

  it('reads the filters from the address, fills the form with them and asks the API for them', async () => {
    const fetch = vi.fn(async () => jsonResponse(list([regulation(1)])));
    vi.stubGlobal('fetch', fetch);
    renderPage('/normativas?numberSearch=2801&search=circulacion&type=ordinance&from=2025-01-01&to=2025-12-31&page=2');
    await screen.findByText('Tema de la norma 1');
    expect(screen.getByLabelText('Buscar')).toHaveValue('circulacion');
    expect(screen.getByLabelText('N°')).toHaveValue('2801');
    expect(screen.getByLabelText('Tipo')).toHaveValue('ordinance');
    expect(screen.getByLabelText('Desde')).toHaveValue('2025-01-01');
    expect(screen.getByLabelText('Hasta')).toHaveValue('2025-12-31');
    expect(lastUrl(fetch)).toBe('/api/v1/regulations/published?numberSearch=2801&search=circulacion&type=ordinance&from=2025-01-01&to=2025-12-31&page=2');
  });

  it('puts the filters in the address with Filtrar (back to page 1), and Limpiar clears them', async () => {
    const fetch = vi.fn(async () => jsonResponse(list([regulation(1)])));
    vi.stubGlobal('fetch', fetch);
    const { user, router } = renderPage('/normativas?page=3');
    await screen.findByText('Tema de la norma 1');
    await user.type(screen.getByLabelText('Buscar'), 'camiones');
    await user.type(screen.getByLabelText('N°'), '2845');
    await user.selectOptions(screen.getByLabelText('Tipo'), 'Ordenanza');
    await user.type(screen.getByLabelText('Desde'), '2025-01-01');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=camiones&numberSearch=2845&type=ordinance&from=2025-01-01'));
    await waitFor(() => expect(lastUrl(fetch)).toBe('/api/v1/regulations/published?numberSearch=2845&search=camiones&type=ordinance&from=2025-01-01&page=1'));

    await user.click(screen.getByRole('link', { name: 'Limpiar' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByLabelText('Buscar')).toHaveValue('');
    expect(screen.getByLabelText('Tipo')).toHaveValue('');
  });

  it('is a GET form to /normativas whose fields carry the names of the address, so it searches without JavaScript', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(list([regulation(1)]))));
    renderPage('/normativas?search=camiones&page=2');
    await screen.findByText('Tema de la norma 1');
    const form = screen.getByRole('button', { name: 'Filtrar' }).closest('form')!;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/normativas');
    expect(screen.getByRole('button', { name: 'Filtrar' })).toHaveAttribute('type', 'submit');
    const names = [...form.elements].map((element) => (element as HTMLInputElement).name).filter(Boolean);
    expect(names).toEqual(['search', 'numberSearch', 'type', 'from', 'to']);
    // What the browser would send: the page's own filters, never the page number (a new search starts at 1).
    expect(new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString()).toBe('search=camiones&numberSearch=&type=&from=&to=');
    // The browser's own checks stand in for the Spanish messages without JavaScript.
    expect(screen.getByLabelText('Buscar')).toHaveAttribute('minlength', '3');
    expect(screen.getByLabelText('N°')).toHaveAttribute('pattern', '[0-9]*');
    // With JavaScript the form checks itself and says why in Spanish.
    expect(form.noValidate).toBe(true);
    expect(screen.getByRole('link', { name: 'Limpiar' })).toHaveAttribute('href', '/normativas');
  });

  it('Limpiar empties what was typed when the address has no filters to remove', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(list([regulation(1)]))));
    const { user, router } = renderPage();
    await screen.findByText('Tema de la norma 1');
    await user.type(screen.getByLabelText('Buscar'), 'ab');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('La búsqueda necesita al menos 3 caracteres.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Limpiar' }));
    expect(screen.getByLabelText('Buscar')).toHaveValue('');
    expect(screen.queryByText('La búsqueda necesita al menos 3 caracteres.')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('restores the previous search and its results when the visitor goes back', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => jsonResponse(list([regulation(url.includes('search=arbolado') ? 2 : 1)]))),
    );
    const { user, router } = renderPage('/normativas?search=camiones');
    await screen.findByText('Tema de la norma 1');
    await user.clear(screen.getByLabelText('Buscar'));
    await user.type(screen.getByLabelText('Buscar'), 'arbolado');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('Tema de la norma 2')).toBeInTheDocument();
    await router.navigate(-1);
    expect(await screen.findByText('Tema de la norma 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Buscar')).toHaveValue('camiones');
  });

  it('refuses a search shorter than 3 characters and an inverted range, without leaving the page', async () => {
    const fetch = vi.fn(async () => jsonResponse(list([regulation(1)])));
    vi.stubGlobal('fetch', fetch);
    const { user, router } = renderPage();
    await screen.findByText('Tema de la norma 1');
    await user.type(screen.getByLabelText('Buscar'), 'ab');
    await user.type(screen.getByLabelText('Desde'), '2025-05-01');
    await user.type(screen.getByLabelText('Hasta'), '2025-04-01');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(await screen.findByText('La búsqueda necesita al menos 3 caracteres.')).toBeInTheDocument();
    expect(screen.getByText('La fecha «Hasta» no puede ser anterior a «Desde».')).toBeInTheDocument();
    expect(screen.getByLabelText('Buscar')).toHaveFocus();
    expect(screen.getByLabelText('Buscar')).toHaveAccessibleDescription(/al menos 3 caracteres/);
    expect(router.state.location.search).toBe('');
  });

  it('moves through the pages with the pager, links that keep the filters, and takes the focus to the results', async () => {
    const fetch = vi.fn(async (url: string) => jsonResponse(list([regulation(1)], { current_page: url.includes('page=2') ? 2 : 1, last_page: 4, total: 50 })));
    vi.stubGlobal('fetch', fetch);
    const { user, router } = renderPage('/normativas?type=decree');
    const second = await screen.findByRole('link', { name: 'Página 2' });
    expect(second).toHaveAttribute('href', '/normativas?type=decree&page=2');
    expect(screen.getByRole('link', { name: 'Última página' })).toHaveAttribute('href', '/normativas?type=decree&page=4');
    await user.click(second);
    await waitFor(() => expect(router.state.location.search).toBe('?type=decree&page=2'));
    expect(await screen.findByRole('link', { name: 'Página 2', current: 'page' })).toBeInTheDocument();
    expect(screen.getByText('Mostrando 16 - 16 de 50 normativas.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Resultados' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Primera página' })).toHaveAttribute('href', '/normativas?type=decree');
  });

  it('says where a search matched and shows the PDF excerpt with the matched words marked', async () => {
    const excerpt = [
      { text: 'prohíbe la ', match: false },
      { text: 'circulación', match: true },
      { text: ' de vehículos de gran porte', match: false },
    ];
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(list([regulation(1, { matched_in: ['subject', 'pdf'], excerpt })]))));
    renderPage('/normativas?search=circulacion');
    expect(await screen.findByText('Coincide en el tema y el texto del PDF.')).toBeInTheDocument();
    const marks = document.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['circulación']);
    expect(marks[0]!.closest('p')).toHaveTextContent('«prohíbe la circulación de vehículos de gran porte»');
  });

  it('shows markup inside an excerpt as text, never as HTML', async () => {
    const excerpt = [
      { text: 'antes <img src=x onerror=alert(1)> ', match: false },
      { text: '<b>camiones</b>', match: true },
    ];
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(list([regulation(1, { matched_in: ['pdf'], excerpt })]))));
    const { container } = renderPage('/normativas?search=camiones');
    expect(await screen.findByText('antes <img src=x onerror=alert(1)>', { exact: false, normalizer: (text) => text })).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('mark b')).toBeNull();
    expect(container.querySelector('mark')).toHaveTextContent('<b>camiones</b>');
  });

  it('says when nothing was found, in the polite status region', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(list([]))));
    renderPage('/normativas?search=inexistente');
    expect(await screen.findByText('No se encontraron resultados.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the spec message when the list cannot be loaded', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ message: 'x', requestId: 'r' }, 500)));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al obtener las normativas.');
  });

  it('offers the current search as CSV and JSON, and the Atom feed, also announced in the head', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(list([regulation(1)]))));
    const { unmount } = renderPage('/normativas?search=tránsito&type=ordinance&page=2');
    await screen.findByText('Tema de la norma 1');
    expect(screen.getByRole('link', { name: 'Descargar CSV' })).toHaveAttribute('href', '/api/v1/regulations/published.csv?search=tr%C3%A1nsito&type=ordinance');
    expect(screen.getByRole('link', { name: 'Descargar JSON' })).toHaveAttribute('href', '/api/v1/regulations/published.json?search=tr%C3%A1nsito&type=ordinance');
    expect(screen.getByRole('link', { name: 'Suscribirse (Atom)' })).toHaveAttribute('href', '/api/v1/regulations/feed.atom');
    expect(document.head.querySelector('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute('href', '/api/v1/regulations/feed.atom');
    unmount();
    expect(document.head.querySelector('link[rel="alternate"][type="application/atom+xml"]')).toBeNull();
  });
});
