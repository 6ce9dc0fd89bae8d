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

  it('lets an asesor write the note of a link and the end of a suspension, and the term of the norm; a mesa sees neither form', async () => {
    const suspended = detail({
      legal_force: 'suspended',
      regulations_modified: [],
      regulations_that_modify: [{ id: 7, type: 'decree', number: 7, subject: 'Zonas', kind: 'suspends', note: null, until: null }],
    });
    const sent: { url: string; body: unknown }[] = [];
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'PATCH') {
        sent.push({ url, body: JSON.parse(String(init.body)) });
        if (url.endsWith('/links/7')) return jsonResponse({ kind: 'suspends', direction: 'incoming', note: 'arts. 3 a 5', until: '2026-06-30' });
        return jsonResponse({ message: 'Los datos no son válidos.', errors: { voided_on: ['La fecha no es válida (AAAA-MM-DD).'] }, requestId: 'r' }, 422);
      }
      return jsonResponse(suspended);
    });
    vi.stubGlobal('fetch', fetchMock);
    logInAs('asesor');
    const { user } = renderRoutes([{ path: '/asesor-concejal/detalles/:id', Component: RegulationDetailsPage }], { initialEntries: ['/asesor-concejal/detalles/1'] });
    const section = within(await screen.findByRole('region', { name: 'Vigencia' }));
    expect(screen.getByText('Vigencia:', { exact: false })).toHaveTextContent('Vigencia: Suspendida');
    await user.click(section.getByRole('button', { name: 'Editar nota y fin del vínculo con Decreto N° 7' }));
    await user.type(section.getByLabelText(/^Nota/), 'arts. 3 a 5');
    await user.type(section.getByLabelText(/^Suspendida hasta/), '2026-06-30');
    await user.click(section.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(sent[0]).toEqual({ url: '/api/v1/regulations/1/links/7', body: { note: 'arts. 3 a 5', until: '2026-06-30' } }));

    // What the API refuses is said under its field.
    await user.type(section.getByLabelText(/^Declarada nula el/), '2026-05-01');
    await user.click(section.getByRole('button', { name: 'Guardar vigencia' }));
    expect(await section.findByText('La fecha no es válida (AAAA-MM-DD).')).toBeInTheDocument();
    expect(sent[1]).toEqual({ url: '/api/v1/regulations/1/legal-force', body: { in_force_until: null, voided_on: '2026-05-01' } });
  });

  it('shows the note of each link but no legal-force forms to a mesa', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(detail({ regulations_modified: [{ id: 5, type: 'ordinance', number: 100, subject: 'Tránsito pesado', kind: 'suspends', note: 'art. 2', until: '2026-06-30' }] }))));
    logInAs('mesa');
    renderRoutes([{ path: '/asesor-concejal/detalles/:id', Component: RegulationDetailsPage }], { initialEntries: ['/asesor-concejal/detalles/1'] });
    const link = (await screen.findByRole('link', { name: 'Ordenanza N° 100' })).closest('li')!;
    expect(link).toHaveTextContent('Suspende: Ordenanza N° 100 – Tránsito pesado (hasta el 30/06/2026)art. 2');
    expect(screen.queryByRole('region', { name: 'Vigencia' })).not.toBeInTheDocument();
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

  it('attaches a despacho\'s PDF from its step, links it and says why a file was refused', async () => {
    const ingreso = { id: 1, kind: 'ingreso', label: 'Ingreso por Mesa de Entradas', date: '2024-03-05', note: null, automatic: true, pdf: null, committee: null, majority: null, promulgation: null, veto: null, decree: null, edition: null, page: null, url: null, in_force_from: null, day_order_id: null } as const;
    const despacho = { ...ingreso, id: 2, kind: 'despacho', label: 'Despacho de comisión', date: '2024-03-07', automatic: false, committee: 'obras', majority: 'mayoria' } as const;
    let attached = false;
    const sent: { method: string; url: string; file: unknown }[] = [];
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'PUT') {
        const file = (init.body as FormData).get('pdf');
        sent.push({ method: 'PUT', url, file });
        if ((file as File).name === 'falso.pdf') return jsonResponse({ message: 'Los datos enviados no son válidos.', errors: { pdf: ['El archivo no es un PDF.'] }, requestId: 'r' }, 422);
        attached = true;
        return jsonResponse({ ...despacho, pdf: '/api/v1/files/regulation-steps/a.pdf?expires=1&signature=s' });
      }
      return jsonResponse(detail({ state: 'process', number: null, expediente: '12-C-2024', actions: [ingreso, attached ? { ...despacho, pdf: '/api/v1/files/regulation-steps/a.pdf?expires=1&signature=s' } : despacho] }));
    });
    vi.stubGlobal('fetch', fetchMock);
    logInAs('asesor');
    const { user } = renderRoutes([{ path: '/asesor-concejal/detalles/:id', Component: RegulationDetailsPage }], { initialEntries: ['/asesor-concejal/detalles/1'] });
    const section = within((await screen.findByRole('heading', { name: 'Trámite del expediente 12-C-2024' })).closest('section')!);
    const step = within(section.getAllByRole('listitem')[1]!);
    expect(step.queryByRole('link', { name: /PDF del despacho/ })).not.toBeInTheDocument();
    // Only the despacho offers a PDF.
    expect(within(section.getAllByRole('listitem')[0]!).queryByLabelText(/PDF del despacho/)).not.toBeInTheDocument();

    await user.upload(step.getByLabelText('Adjuntar el PDF del despacho'), new File(['<html>no soy un PDF</html>'], 'falso.pdf', { type: 'application/pdf' }));
    await user.click(step.getByRole('button', { name: 'Subir PDF' }));
    expect(await step.findByText('El archivo no es un PDF.')).toBeInTheDocument();
    expect(step.getByLabelText('Adjuntar el PDF del despacho')).toHaveAccessibleDescription('El archivo no es un PDF.');

    await user.upload(step.getByLabelText('Adjuntar el PDF del despacho'), new File(['%PDF-1.4'], 'dictamen.pdf', { type: 'application/pdf' }));
    await user.click(step.getByRole('button', { name: 'Subir PDF' }));
    const link = await within(section.getAllByRole('listitem')[1]!).findByRole('link', { name: /PDF del despacho/ });
    expect(link).toHaveAttribute('href', '/api/v1/files/regulation-steps/a.pdf?expires=1&signature=s');
    expect(sent.map((request) => [request.method, request.url, (request.file as File).name])).toEqual([
      ['PUT', '/api/v1/regulations/1/actions/2/pdf', 'falso.pdf'],
      ['PUT', '/api/v1/regulations/1/actions/2/pdf', 'dictamen.pdf'],
    ]);
    expect(within(section.getAllByRole('listitem')[1]!).getByLabelText('Reemplazar el PDF del despacho')).toBeInTheDocument();
    expect(within(section.getAllByRole('listitem')[1]!).getByRole('button', { name: 'Quitar PDF' })).toBeInTheDocument();
  });
});
