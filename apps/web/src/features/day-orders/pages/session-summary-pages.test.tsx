import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, logInAs, renderRoutes } from '../../../test/render-routes';
import { SessionSummariesPage } from './session-summaries-page';
import { SessionSummaryPage } from './session-summary-page';

const summaries = {
  data: [{ id: 7, date_creation: '2026-03-02T12:00:00.000Z', session_date: '2026-03-10T22:00:00.000Z', session_type: 'ordinaria', total_regulations: 4, pdf_path: '/api/v1/files/day-orders/a.pdf' }],
  current_page: 1,
  last_page: 1,
  total: 1,
  per_page: 15,
};

const emptySections: Record<string, unknown[]> = { correspondence: [], dem_message: [], projects: [], comision_gobierno: [], comision_hacienda: [], comision_obras: [], comision_higiene: [] };
const detail = (sections: Record<string, unknown[]> = {}) => ({
  day_order: { id: 7, pdf_path: '/api/v1/files/day-orders/a.pdf', docx_path: '/api/v1/files/day-orders-docx/b.docx?expires=1&signature=s', date_creation: '2026-03-02T12:00:00.000Z', session_date: '2026-03-10T22:00:00.000Z', session_type: 'ordinaria', previous_minutes: '45' },
  items_by_section: { ...emptySections, ...sections },
});

describe('SessionSummariesPage', () => {
  it.each([
    ['admin', '/admin', true],
    ['concejal', '/asesor-concejal', true],
    ['ejecutivo', '/ejecutivo', false],
  ] as const)('lists the agendas for %s, with details only where the panel has them', async (role, panel, withDetails) => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(summaries)));
    logInAs(role);
    renderRoutes([{ path: `${panel}/resumen-sesion`, Component: SessionSummariesPage }], { initialEntries: [`${panel}/resumen-sesion`] });
    // Each row names its session (date, time and type), not only when its agenda was made.
    const row = (await screen.findByText('10/03/2026, 19:00')).closest('tr')!;
    expect(within(row).getByText('Sesión Ordinaria')).toBeInTheDocument();
    expect(within(row).getAllByText(/02\/03\/2026, 09:00/)).not.toHaveLength(0);
    expect(within(row).getByText('4')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Ver PDF de la orden del día de la sesión del 10/03/2026, 19:00 (se abre en una pestaña nueva)' })).toHaveAttribute('href', '/api/v1/files/day-orders/a.pdf');
    const details = within(row).queryByRole('link', { name: 'Ver detalles de la orden del día de la sesión del 10/03/2026, 19:00' });
    if (withDetails) expect(details).toHaveAttribute('href', `${panel}/resumen-sesion/7`);
    else expect(details).not.toBeInTheDocument();
  });
});

function renderDetail() {
  logInAs('asesor');
  return renderRoutes([{ path: '/asesor-concejal/resumen-sesion/:id', Component: SessionSummaryPage }], { initialEntries: ['/asesor-concejal/resumen-sesion/7'] });
}

describe('SessionSummaryPage', () => {
  it('shows the header and the items as cards under their numbered sections', async () => {
    const regulation = { id: 4, subject: 'Arbolado urbano', cargo: 40, number: null, type: 'ordinance', state: 'process', author_type: 'concejal', authors: ['Ana Rodríguez'], created_at: '2026-02-21T13:00:00.000Z', pdf_approved: null, pdf_process: null };
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(detail({
      projects: [{ id: 1, order_in_section: 1, regulation, custom_text: null }],
      comision_obras: [{ id: 2, order_in_section: 1, regulation: null, custom_text: 'Despacho de bacheo' }],
    }))));
    renderDetail();
    expect(await screen.findByRole('heading', { level: 2, name: '4. Proyectos de los concejales' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: '4.1 · Cargo N° 40 – Ordenanza' })).toBeInTheDocument();
    expect(screen.getByText('Despacho de bacheo')).toBeInTheDocument();
    expect(screen.getByText('Sesión Ordinaria')).toBeInTheDocument();
    expect(screen.getByText('10/03/2026, 19:00')).toBeInTheDocument();
    expect(screen.getByText('Acta N° 45')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Ver PDF de la orden del día/ })).toHaveAttribute('href', '/api/v1/files/day-orders/a.pdf');
    // The same agenda to edit before printing.
    const word = screen.getByRole('link', { name: 'Descargar en Word (editable)' });
    expect(word).toHaveAttribute('href', '/api/v1/files/day-orders-docx/b.docx?expires=1&signature=s');
    expect(word).toHaveAttribute('download', 'orden-del-dia-2026-03-10.docx');
    expect(screen.getAllByText('Sin asuntos.')).toHaveLength(5);
  });

  it('says when the agenda has no items', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(detail())));
    renderDetail();
    expect(await screen.findByText('Esta orden del día no contiene elementos.')).toBeInTheDocument();
  });

  it('says when the agenda does not exist, and when it could not be loaded', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ message: 'No se encontró la orden del día.', requestId: 'r' }, 404)));
    const first = renderDetail();
    expect(await screen.findByRole('alert')).toHaveTextContent('No se encontraron datos de la sesión.');
    first.unmount();
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ message: 'x', requestId: 'r' }, 500)));
    renderDetail();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar los detalles de la sesión');
  });
});
