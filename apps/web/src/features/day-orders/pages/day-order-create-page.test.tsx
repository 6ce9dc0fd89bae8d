import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, logInAs, renderRoutes, testSite } from '../../../test/render-routes';
import { DayOrderCreatePage } from './day-order-create-page';

const sources = {
  correspondence: [{ id: 1, subject: 'Nota de vecinos', cargo: 10, authors: [{ name: 'Vecinos' }], type: 'correspondence' }],
  dem_message: [],
  projects: [
    {
      id: 4,
      subject: 'Arbolado urbano',
      cargo: 40,
      authors: [{ name: 'Ana Rodríguez' }],
      type: 'ordinance',
    },
    { id: 5, subject: 'Bacheo', cargo: 50, authors: [], type: 'minute' },
  ],
};

function renderPage() {
  logInAs('asesor');
  return renderRoutes(
    [
      { path: '/asesor-concejal/cargar-orden-dia', Component: DayOrderCreatePage },
      { path: '/asesor-concejal/ordenes-del-dia', Component: () => <p>Lista del panel</p> },
    ],
    { initialEntries: ['/asesor-concejal/cargar-orden-dia'], site: testSite() },
  );
}

describe('DayOrderCreatePage', () => {
  it("searches the sources, builds the agenda and goes to the panel's agenda list 1.5 s after saving", async () => {
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/v1/day-orders/sources')) return jsonResponse(sources);
      if (init?.method === 'POST') return jsonResponse({ id: 9, pdf_path: '/api/v1/files/day-orders/x.pdf', docx_path: '/api/v1/files/day-orders-docx/x.docx?expires=1&signature=s' }, 201);
      return jsonResponse({}, 404);
    });
    vi.stubGlobal('fetch', fetch);
    const { user, router } = renderPage();

    // Typing into date-time fields is the browser's business: set their values.
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-03-01T00:00' } });
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-03-09T18:30' } });
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(fetch).toHaveBeenCalledWith('/api/v1/day-orders/sources?startDate=2026-03-01T00%3A00%3A00&endDate=2026-03-09T18%3A30%3A59.999', expect.anything());

    const projects = await screen.findByRole('group', { name: '4. Proyectos de los concejales' });
    await user.click(within(projects).getByRole('checkbox', { name: /Seleccionar todos/ }));
    await user.click(within(screen.getByRole('group', { name: '2. Correspondencia recibida' })).getByRole('checkbox', { name: /Nota de vecinos/ }));
    expect(within(screen.getByRole('group', { name: '3. Mensajes del Departamento Ejecutivo' })).getByText(/No hay asuntos pendientes/)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Tipo de sesión'), 'autoconvocada');
    fireEvent.change(screen.getByLabelText('Fecha y hora de la sesión'), { target: { value: '2026-03-10T19:00' } });
    await user.type(screen.getByLabelText('N° de acta de la sesión anterior'), '45');

    const obras = screen.getByRole('group', { name: '7. Despachos de la Comisión de Obras Públicas' });
    await user.type(within(obras).getByLabelText('Nuevo despacho'), 'Despacho de bacheo{Enter}');
    await user.type(within(obras).getByLabelText('Nuevo despacho'), 'Despacho de cordón cuneta');
    await user.click(within(obras).getByRole('button', { name: /Agregar/ }));
    await user.click(within(obras).getByRole('button', { name: 'Quitar el despacho 1: Despacho de bacheo' }));

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Cargar orden del día' }));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      sessionType: 'autoconvocada',
      date: '2026-03-10T19:00',
      acta: '45',
      correspondence: [1],
      dem_message: [],
      projects: [4, 5],
      comision_gobierno: [],
      comision_hacienda: [],
      comision_obras: ['Despacho de cordón cuneta'],
      comision_higiene: [],
    });
    expect((await screen.findAllByText('Orden del día cargada exitosamente.')).length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/asesor-concejal/cargar-orden-dia');
    await vi.advanceTimersByTimeAsync(1600);
    await waitFor(() => expect(router.state.location.pathname).toBe('/asesor-concejal/ordenes-del-dia'));
  }, 15_000);

  it('checks the form before sending it', async () => {
    const fetch = vi.fn(async () => jsonResponse({}));
    vi.stubGlobal('fetch', fetch);
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Cargar orden del día' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al cargar la orden del día.');
    expect(alert).toHaveTextContent('Debe seleccionar el tipo de sesión.');
    expect(screen.getByLabelText('N° de acta de la sesión anterior')).toHaveAccessibleDescription(/Debe ingresar el número del acta anterior./);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the API's 422 messages under the spec's error", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ message: 'x', errors: { projects: ['Alguna de las normativas seleccionadas ya no existe. Vuelva a buscar.'] }, requestId: 'r' }, 422),
      ),
    );
    const { user } = renderPage();
    await user.selectOptions(screen.getByLabelText('Tipo de sesión'), 'ordinaria');
    fireEvent.change(screen.getByLabelText('Fecha y hora de la sesión'), { target: { value: '2026-03-10T19:00' } });
    await user.type(screen.getByLabelText('N° de acta de la sesión anterior'), '45');
    await user.click(screen.getByRole('button', { name: 'Cargar orden del día' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al cargar la orden del día.');
    expect(alert).toHaveTextContent('Alguna de las normativas seleccionadas ya no existe. Vuelva a buscar.');
  });

  it('says under its section which item another agenda took in the meantime', async () => {
    const taken = 'La normativa Cargo N° 40 ya está en la orden del día de la sesión del 24/02/2026. Vuelva a buscar los asuntos pendientes.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) =>
        init?.method === 'POST' ? jsonResponse({ message: 'x', errors: { projects: [taken] }, requestId: 'r' }, 422) : jsonResponse(sources),
      ),
    );
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    const projects = await screen.findByRole('group', { name: '4. Proyectos de los concejales' });
    await user.click(within(projects).getByRole('checkbox', { name: /Arbolado urbano/ }));
    await user.selectOptions(screen.getByLabelText('Tipo de sesión'), 'ordinaria');
    fireEvent.change(screen.getByLabelText('Fecha y hora de la sesión'), { target: { value: '2026-03-10T19:00' } });
    await user.type(screen.getByLabelText('N° de acta de la sesión anterior'), '45');
    await user.click(screen.getByRole('button', { name: 'Cargar orden del día' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al cargar la orden del día.');
    expect(projects).toHaveAccessibleDescription(taken);
  });

  it('clears each error as its field is corrected, without another submit', async () => {
    const fetch = vi.fn(async () => jsonResponse({}));
    vi.stubGlobal('fetch', fetch);
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Cargar orden del día' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Debe ingresar la fecha y hora de la sesión.');
    const type = screen.getByLabelText('Tipo de sesión');
    const acta = screen.getByLabelText('N° de acta de la sesión anterior');
    expect(type).toHaveAccessibleDescription('Debe seleccionar el tipo de sesión.');

    await user.selectOptions(type, 'ordinaria');
    expect(type).not.toHaveAccessibleDescription();
    expect(type).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('Debe seleccionar el tipo de sesión.')).not.toBeInTheDocument();
    expect(acta).toHaveAccessibleDescription(/Debe ingresar el número del acta anterior./);

    await user.type(acta, '4');
    expect(acta).toHaveAccessibleDescription('Sección 1: Consideración del Acta de la sesión anterior.');
    expect(alert).not.toHaveTextContent('Debe ingresar el número del acta anterior.');

    // The last one corrected: the alert goes too.
    fireEvent.change(screen.getByLabelText('Fecha y hora de la sesión'), { target: { value: '2026-03-10T19:00' } });
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(fetch).not.toHaveBeenCalled();
  });

  it("clears a list's 422 error as that list changes", async () => {
    const fetch = vi.fn(async (url: string) =>
      url.startsWith('/api/v1/day-orders/sources')
        ? jsonResponse(sources)
        : jsonResponse(
            {
              message: 'x',
              errors: { projects: ['Alguna de las normativas seleccionadas ya no existe. Vuelva a buscar.'], 'comision_obras.0': ['Cada despacho debe tener texto.'] },
              requestId: 'r',
            },
            422,
          ),
    );
    vi.stubGlobal('fetch', fetch);
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    const projects = await screen.findByRole('group', { name: '4. Proyectos de los concejales' });
    await user.click(within(projects).getByRole('checkbox', { name: /Bacheo/ }));
    await user.selectOptions(screen.getByLabelText('Tipo de sesión'), 'ordinaria');
    fireEvent.change(screen.getByLabelText('Fecha y hora de la sesión'), { target: { value: '2026-03-10T19:00' } });
    await user.type(screen.getByLabelText('N° de acta de la sesión anterior'), '45');
    const obras = screen.getByRole('group', { name: '7. Despachos de la Comisión de Obras Públicas' });
    await user.type(within(obras).getByLabelText('Nuevo despacho'), 'Despacho de bacheo{Enter}');
    await user.click(screen.getByRole('button', { name: 'Cargar orden del día' }));

    expect(await within(projects).findByText('Alguna de las normativas seleccionadas ya no existe. Vuelva a buscar.')).toBeInTheDocument();
    expect(within(obras).getByText('Cada despacho debe tener texto.')).toBeInTheDocument();
    expect(projects).toHaveAccessibleDescription('Alguna de las normativas seleccionadas ya no existe. Vuelva a buscar.');

    await user.click(within(projects).getByRole('checkbox', { name: /Bacheo/ }));
    expect(within(projects).queryByText(/ya no existe/)).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).not.toHaveTextContent('ya no existe');
    expect(within(obras).getByText('Cada despacho debe tener texto.')).toBeInTheDocument();

    await user.click(within(obras).getByRole('button', { name: /Quitar el despacho 1/ }));
    expect(within(obras).queryByText('Cada despacho debe tener texto.')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it("clears the dispatch box's own error as it is typed in", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({})));
    const { user } = renderPage();
    const obras = screen.getByRole('group', { name: '7. Despachos de la Comisión de Obras Públicas' });
    await user.click(within(obras).getByRole('button', { name: /Agregar/ }));
    const box = within(obras).getByLabelText('Nuevo despacho');
    expect(box).toHaveAccessibleDescription('Escriba el texto del despacho.');
    await user.type(box, 'D');
    expect(box).not.toHaveAccessibleDescription();
    expect(box).toHaveAttribute('aria-invalid', 'false');
  });

  it("says 'Error en la busqueda.' when the sources cannot be loaded", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ message: 'x', requestId: 'r' }, 500)));
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error en la busqueda.');
  });
});
