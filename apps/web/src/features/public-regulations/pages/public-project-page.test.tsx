import type { PublishedProject } from '@concejo/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createRenderer } from '../../../entry-server';
import { jsonResponse, testSite } from '../../../test/render-routes';
import { renderServerPage } from '../../../test/render-server-page';

const PROJECT: PublishedProject = {
  state: 'en_tramite',
  id: 41,
  type: 'ordinance',
  expediente: '123-C-2026',
  subject: 'Semaforización de la avenida Belgrano',
  created_at: '2026-03-02T13:00:00.000Z',
  authors: [{ name: 'Lucía Fernández' }],
  keywords: [{ word: 'tránsito' }],
  pdf_process: '/api/v1/files/regulations-process/abc.pdf',
  actions: [
    { id: 1, kind: 'ingreso', label: 'Ingreso por Mesa de Entradas', date: '2026-03-02', automatic: true, note: null, pdf: null, committee: null, majority: null, promulgation: null, veto: null, decree: null, edition: null, page: null, url: null, in_force_from: null, day_order_id: null },
    { id: 2, kind: 'orden_del_dia', label: 'Incluido en el orden del día', date: '2026-03-10', automatic: true, note: null, pdf: null, committee: null, majority: null, promulgation: null, veto: null, decree: null, edition: null, page: null, url: null, in_force_from: null, day_order_id: 3 },
  ],
};

const api = (project: PublishedProject | null) => async (url: string) => {
  if (url === '/api/v1/public/site') return jsonResponse(testSite());
  if (project && url === `/api/v1/regulations/published/expediente/${project.expediente}`) return jsonResponse(project);
  return jsonResponse({ message: 'No encontramos ese expediente entre los proyectos en trámite publicados.', requestId: 'r' }, 404);
};

describe('PublicProjectPage (/normativas/expediente/{expediente})', () => {
  it('shows a project in trámite from the server: its state, expediente, authors, PDF and timeline', async () => {
    const page = await renderServerPage('/normativas/expediente/123-C-2026', api(PROJECT));
    expect(page.status).toBe(200);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Proyecto de ordenanza, expediente 123-C-2026');
    expect(screen.getByText('En trámite')).toHaveClass('badge');
    expect(screen.getByText('Expediente', { selector: 'dt' }).nextElementSibling).toHaveTextContent('123-C-2026');
    expect(screen.getByText('Autor', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Lucía Fernández');
    expect(screen.getByRole('link', { name: /Abrir el PDF del proyecto/ })).toHaveAttribute('href', '/api/v1/files/regulations-process/abc.pdf');
    const steps = within(screen.getByRole('region', { name: 'Trámite' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(['02/03/2026Ingreso por Mesa de Entradas', '10/03/2026Incluido en el orden del día']);
    expect(page.head).toContain('<title>Proyecto de ordenanza, expediente 123-C-2026 (en trámite)');
  });

  it('sends the address of an enacted project to its norm for good (301), and answers 404 for an unknown one', async () => {
    const render = await createRenderer({ publicUrl: 'http://localhost:3000', transport: ((input: RequestInfo | URL) => api({ state: 'sancionada', type: 'ordinance', number: 9101, expediente: '123-C-2026' })(String(input))) as typeof fetch });
    expect(await render(new Request('http://localhost:3000/normativas/expediente/123-C-2026'))).toEqual({ kind: 'redirect', status: 301, location: '/normativas/ordenanza/9101' });
    const missing = await renderServerPage('/normativas/expediente/999-C-2026', api(null));
    expect(missing.status).toBe(404);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('No encontramos ese expediente entre los proyectos en trámite publicados.');
  });
});
