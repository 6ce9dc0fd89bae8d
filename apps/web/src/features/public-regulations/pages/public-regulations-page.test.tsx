import type { PublishedRegulation, PublishedRegulationList } from '@concejo/contracts';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { pageLoads } from '../../../enhance/navigate';
import { jsonResponse } from '../../../test/render-routes';
import { renderServerPage } from '../../../test/render-server-page';

let load: MockInstance<typeof pageLoads.load>;
beforeEach(() => {
  load = vi.spyOn(pageLoads, 'load').mockImplementation(() => undefined);
});

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
    legal_force: 'in_force',
    expediente: null,
    enacted_on: null,
    matched_in: [],
    excerpt: null,
    ...overrides,
  };
}

function list(rows: PublishedRegulation[], extra: Partial<PublishedRegulationList> = {}): PublishedRegulationList {
  return { data: rows, total: rows.length, total_capped: false, per_page: 15, current_page: 1, last_page: 1, ...extra };
}

/** The page as the server renders it for this address, the API answering `answer` to the search. */
function renderPage(url: string, answer: (url: string) => Response) {
  const api = vi.fn(async (path: string) => (path.startsWith('/api/v1/regulations/published') ? answer(path) : jsonResponse({ message: 'no' }, 404)));
  return { api, page: renderServerPage(url, api) };
}

const searches = (api: ReturnType<typeof vi.fn>) => api.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/v1/regulations/published'));

describe('PublicRegulationsPage', () => {
  it('lists the norms with the columns of spec 2.3, the summary and a named PDF link', async () => {
    const { api, page } = renderPage('/normativas', () => jsonResponse(list([regulation(45)], { total: 31, last_page: 3 })));
    await page;
    expect(screen.getByText('Mostrando 1 - 1 de 31 normativas.')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Tipo', 'N°', 'Tema', 'Palabras clave', 'Fecha de creación', 'PDF']);
    const row = screen.getAllByRole('row')[1]!;
    expect(within(row).getByText('Ordenanza')).toBeInTheDocument();
    expect(within(row).getByText('2845')).toBeInTheDocument();
    expect(within(row).getByText('tránsito, camiones')).toBeInTheDocument();
    expect(within(row).getByText('15/07/2025')).toBeInTheDocument();
    // The subject leads to the norm's own page; a norm in force carries no badge in the list.
    expect(within(row).getByRole('link', { name: 'Tema de la norma 45' })).toHaveAttribute('href', '/normativas/ordenanza/2845');
    expect(within(row).queryByText('Vigente')).toBeNull();
    const pdf = within(row).getByRole('link', { name: 'Ver PDF de la Ordenanza N° 2845 (se abre en una pestaña nueva)' });
    expect(pdf).toHaveAttribute('href', '/api/v1/files/approved/45.pdf');
    expect(pdf).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('navigation', { name: 'Paginación de normativas' })).toBeInTheDocument();
    expect(searches(api)).toEqual(['/api/v1/regulations/published?page=1']);
  });

  it("marks a norm no longer in force in the list, in its type's gender, and names a norm without subject by its type and number", async () => {
    await renderPage('/normativas', () => jsonResponse(list([regulation(1, { legal_force: 'repealed', subject: '', type: 'decree' }), regulation(2, { legal_force: 'partially_repealed' })]))).page;
    const [first, second] = screen.getAllByRole('row').slice(1);
    expect(within(first!).getByRole('link', { name: 'Decreto N° 2801' })).toHaveAttribute('href', '/normativas/decreto/2801');
    // «Decreto … Derogado», «Ordenanza … Derogada parcialmente».
    expect(within(first!).getByText('Derogado')).toHaveClass('badge');
    expect(within(second!).getByText('Derogada parcialmente')).toHaveClass('badge');
  });

  it("shows 'Fecha inválida' for a date it cannot read", async () => {
    await renderPage('/normativas', () => jsonResponse(list([regulation(1, { created_at: 'no es una fecha' })]))).page;
    expect(screen.getByText('Fecha inválida')).toBeInTheDocument();
  });

  it('reads the filters from the address, fills the form with them and asks the API for them', async () => {
    const { api, page } = renderPage('/normativas?numberSearch=2801&search=circulacion&type=ordinance&legal_force=repealed&from=2025-01-01&to=2025-12-31&page=2', () => jsonResponse(list([regulation(1)])));
    await page;
    expect(screen.getByLabelText('Buscar')).toHaveValue('circulacion');
    expect(screen.getByLabelText('N°')).toHaveValue('2801');
    expect(screen.getByLabelText('Tipo')).toHaveValue('ordinance');
    expect(screen.getByLabelText('Vigencia')).toHaveValue('repealed');
    expect(screen.getByLabelText('Desde')).toHaveValue('2025-01-01');
    expect(screen.getByLabelText('Hasta')).toHaveValue('2025-12-31');
    // «Hasta» offers no day before «Desde».
    expect(screen.getByLabelText('Hasta')).toHaveAttribute('min', '2025-01-01');
    expect(searches(api)).toEqual(['/api/v1/regulations/published?numberSearch=2801&search=circulacion&type=ordinance&legal_force=repealed&from=2025-01-01&to=2025-12-31&page=2']);
  });

  it('loads the address of the filters with Filtrar (back to page 1, without the empty ones); Limpiar is the address without filters', async () => {
    const { user } = await renderPage('/normativas?page=3', () => jsonResponse(list([regulation(1)]))).page;
    await user.type(screen.getByLabelText('Buscar'), 'camiones');
    await user.type(screen.getByLabelText('N°'), '2845');
    await user.selectOptions(screen.getByLabelText('Tipo'), 'Ordenanza');
    await user.selectOptions(screen.getByLabelText('Vigencia'), 'Derogada parcialmente');
    await user.type(screen.getByLabelText('Desde'), '2025-01-01');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(load).toHaveBeenCalledWith('/normativas?search=camiones&numberSearch=2845&type=ordinance&legal_force=partially_repealed&from=2025-01-01', false);
    expect(screen.getByRole('link', { name: 'Limpiar' })).toHaveAttribute('href', '/normativas');
  });

  it('is a GET form to /normativas whose fields carry the names of the address, so it searches without JavaScript', async () => {
    await renderPage('/normativas?search=camiones&page=2', () => jsonResponse(list([regulation(1)]))).page;
    const form = screen.getByRole('button', { name: 'Filtrar' }).closest('form')!;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/normativas');
    expect(screen.getByRole('button', { name: 'Filtrar' })).toHaveAttribute('type', 'submit');
    const names = [...form.elements].map((element) => (element as HTMLInputElement).name).filter(Boolean);
    expect(names).toEqual(['search', 'numberSearch', 'type', 'legal_force', 'estado', 'from', 'to']);
    // What the browser would send: the page's own filters, never the page number (a new search starts at 1).
    expect(new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString()).toBe('search=camiones&numberSearch=&type=&legal_force=&estado=&from=&to=');
    // The browser's own checks stand in for the Spanish messages without JavaScript.
    expect(screen.getByLabelText('Buscar')).toHaveAttribute('minlength', '3');
    expect(screen.getByLabelText('N°')).toHaveAttribute('pattern', '[0-9]*');
    // With JavaScript the form checks itself and says why in Spanish.
    expect(form.noValidate).toBe(true);
  });

  it('refuses a search shorter than 3 characters and an inverted range, without leaving the page, and follows the corrections', async () => {
    const { user } = await renderPage('/normativas', () => jsonResponse(list([regulation(1)]))).page;
    await user.type(screen.getByLabelText('Buscar'), 'ab');
    await user.type(screen.getByLabelText('Desde'), '2025-05-01');
    await user.type(screen.getByLabelText('Hasta'), '2025-04-01');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(screen.getByText('La búsqueda necesita al menos 3 caracteres.')).toBeInTheDocument();
    expect(screen.getByText('La fecha «Hasta» no puede ser anterior a «Desde».')).toBeInTheDocument();
    expect(screen.getByLabelText('Buscar')).toHaveFocus();
    expect(screen.getByLabelText('Buscar')).toHaveAccessibleDescription(/al menos 3 caracteres/);
    expect(screen.getByLabelText('Buscar')).toHaveAttribute('aria-invalid', 'true');
    expect(load).not.toHaveBeenCalled();
    // Once sent, the messages follow what is typed.
    await user.type(screen.getByLabelText('Buscar'), 'c');
    expect(screen.queryByText('La búsqueda necesita al menos 3 caracteres.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Buscar')).toHaveAccessibleDescription('Tema, palabras clave o texto del PDF; con o sin tildes.');
    expect(screen.getByLabelText('Buscar')).toHaveAttribute('aria-invalid', 'false');
  });

  it('moves through the pages with the pager, links that keep the filters', async () => {
    const answer = (url: string) => jsonResponse(list([regulation(1)], { current_page: url.includes('page=2') ? 2 : 1, last_page: 4, total: 50 }));
    await renderPage('/normativas?type=decree', answer).page;
    const second = screen.getByRole('link', { name: 'Página 2' });
    expect(second).toHaveAttribute('href', '/normativas?type=decree&page=2#resultados');
    expect(screen.getByRole('link', { name: 'Última página' })).toHaveAttribute('href', '/normativas?type=decree&page=4#resultados');
    await renderPage('/normativas?type=decree&page=2', answer).page;
    expect(screen.getByRole('link', { name: 'Página 2', current: 'page' })).toBeInTheDocument();
    expect(screen.getByText('Mostrando 16 - 16 de 50 normativas.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Primera página' })).toHaveAttribute('href', '/normativas?type=decree#resultados');
  });

  it('says where a search matched and shows the PDF excerpt with the matched words marked', async () => {
    const excerpt = [
      { text: 'prohíbe la ', match: false },
      { text: 'circulación', match: true },
      { text: ' de vehículos de gran porte', match: false },
    ];
    await renderPage('/normativas?search=circulacion', () => jsonResponse(list([regulation(1, { matched_in: ['subject', 'pdf'], excerpt })]))).page;
    expect(screen.getByText('Coincide en el tema y el texto del PDF.')).toBeInTheDocument();
    const marks = document.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['circulación']);
    expect(marks[0]!.closest('p')).toHaveTextContent('«prohíbe la circulación de vehículos de gran porte»');
  });

  it('shows markup inside an excerpt as text, never as HTML', async () => {
    const excerpt = [
      { text: 'antes <img src=x onerror=alert(1)> ', match: false },
      { text: '<b>camiones</b>', match: true },
    ];
    await renderPage('/normativas?search=camiones', () => jsonResponse(list([regulation(1, { matched_in: ['pdf'], excerpt })]))).page;
    const results = screen.getByRole('region', { name: 'Resultados' });
    expect(within(results).getByText('antes <img src=x onerror=alert(1)>', { exact: false, normalizer: (text) => text })).toBeInTheDocument();
    expect(results.querySelector('img')).toBeNull();
    expect(results.querySelector('mark b')).toBeNull();
    expect(results.querySelector('mark')).toHaveTextContent('<b>camiones</b>');
  });

  it('says when nothing was found', async () => {
    await renderPage('/normativas?search=inexistente', () => jsonResponse(list([]))).page;
    expect(screen.getByText('No se encontraron resultados.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the spec message when the list cannot be loaded', async () => {
    await renderPage('/normativas', () => jsonResponse({ message: 'x', requestId: 'r' }, 500)).page;
    expect(screen.getByRole('alert')).toHaveTextContent('Error al obtener las normativas.');
  });

  it('offers the current search as CSV and JSON, and the Atom feed, also announced in the head', async () => {
    const { head } = await renderPage('/normativas?search=tránsito&type=ordinance&page=2', () => jsonResponse(list([regulation(1)]))).page;
    expect(screen.getByRole('link', { name: 'Descargar CSV' })).toHaveAttribute('href', '/api/v1/regulations/published.csv?search=tr%C3%A1nsito&type=ordinance');
    expect(screen.getByRole('link', { name: 'Descargar JSON' })).toHaveAttribute('href', '/api/v1/regulations/published.json?search=tr%C3%A1nsito&type=ordinance');
    expect(screen.getByRole('link', { name: 'Suscribirse (Atom)' })).toHaveAttribute('href', '/api/v1/regulations/feed.atom');
    expect(head).toContain('<link rel="alternate" type="application/atom+xml" title="Normativas aprobadas" href="/api/v1/regulations/feed.atom">');
  });
});

describe('/normativas in search engines', () => {
  it('keeps a search with words out of them, and never repeats its words in the description', async () => {
    const searched = await renderPage('/normativas?search=visite%20www.estafa.example', () => jsonResponse(list([regulation(1)]))).page;
    expect(searched.head).toContain('<meta name="robots" content="noindex"');
    const descriptions = [...searched.head.matchAll(/<meta (?:name|property)="(?:description|og:description|twitter:description|og:title|twitter:title)" content="([^"]*)"/g)].map((match) => match[1]);
    expect(descriptions.length).toBeGreaterThan(0);
    for (const text of descriptions) expect(text).not.toContain('estafa');
    expect(searched.head).toMatch(/<title>[^<]*<\/title>/);
    expect(/<title>([^<]*)<\/title>/.exec(searched.head)![1]).not.toContain('estafa');
    const browsing = await renderPage('/normativas?type=decree&page=2', () => jsonResponse(list([regulation(1)]))).page;
    expect(browsing.head).not.toContain('noindex');
  });
});
