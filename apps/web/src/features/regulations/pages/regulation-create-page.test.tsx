import type { Role, SiteResponse } from '@concejo/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, logInAs, renderRoutes, testSite } from '../../../test/render-routes';
import { RegulationCreatePage } from './regulation-create-page';
import { detail } from './test-data';

function open(role: Role, site: SiteResponse = testSite()) {
  logInAs(role, { name: 'Ana', lastName: 'Rodríguez' });
  return renderRoutes([{ path: '/panel/cargar-normativa', Component: RegulationCreatePage }], { initialEntries: ['/panel/cargar-normativa'], site });
}

const pdf = () => new File(['%PDF-1.4'], 'norma.pdf', { type: 'application/pdf' });

describe('the create form by role', () => {
  it('admin sees the creation date, the state and a link to old regulations', async () => {
    const { user } = open('admin');
    expect(await screen.findByLabelText('Fecha de creación')).toHaveAttribute('type', 'datetime-local');
    expect(screen.getByLabelText('Estado')).toHaveValue('process');
    expect(screen.getByRole('link', { name: 'Cargar normativa antigua' })).toHaveAttribute('href', '/admin/cargar-normativa-antigua');
    expect(screen.queryByLabelText('Número')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Tipo'), 'ordinance');
    await user.selectOptions(screen.getByLabelText('Estado'), 'approved');
    expect(screen.getByLabelText('Número')).toBeInTheDocument();
    expect(screen.getByLabelText('Archivo PDF aprobado')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Normas que modifica' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Normas que la modifican' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('concejal: no state, keywords nor approved PDF; own name first and fixed; no correspondence nor DEM message', async () => {
    const { user } = open('concejal');
    const type = await screen.findByLabelText('Tipo');
    expect(screen.queryByLabelText('Estado')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Palabras clave')).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Correspondencia' })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Mensaje del DEM' })).not.toBeInTheDocument();
    await user.selectOptions(type, 'resolution');
    expect(screen.getByLabelText('Tipo de autor')).toBeDisabled();
    expect(screen.getByLabelText('Tipo de autor')).toHaveValue('concejal');
    expect(screen.getByText('Ana Rodríguez')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Quitar autor Ana Rodríguez' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Archivo PDF en proceso')).toBeInTheDocument();
    expect(screen.queryByLabelText('Archivo PDF aprobado')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Normas que modifica' })).not.toBeInTheDocument();
  });

  it('ejecutivo: DEM message fixed, type and author disabled, DEM sub-type asked', async () => {
    open('ejecutivo');
    expect(await screen.findByLabelText('Tipo')).toBeDisabled();
    expect(screen.getByLabelText('Tipo')).toHaveValue('dem-message');
    expect(screen.getByLabelText('Tipo de autor')).toBeDisabled();
    expect(screen.getByLabelText('Tipo de autor')).toHaveValue('DEM');
    expect(screen.getByLabelText('Tipo de normativa del DEM')).toBeInTheDocument();
    expect(screen.getByLabelText('Autores')).toBeDisabled();
    expect(screen.queryByLabelText('Estado')).not.toBeInTheDocument();
  });

  it('mesa: no process PDF and no state; registers a DEM message with its sub-type (DESIGN 7)', async () => {
    const { user } = open('mesa');
    await user.selectOptions(await screen.findByLabelText('Tipo'), 'ordinance');
    expect(screen.queryByLabelText('Archivo PDF en proceso')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Estado')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Tipo'), 'dem-message');
    expect(screen.getByLabelText('Tipo de normativa del DEM')).toBeInTheDocument();
    expect(screen.getByLabelText('Tipo de autor')).toHaveValue('DEM');
  });
});

describe('sending the create form', () => {
  it('clears a file that is not a PDF and says why, next to the field', async () => {
    const { user } = open('asesor');
    await user.selectOptions(await screen.findByLabelText('Tipo'), 'ordinance');
    const input = screen.getByLabelText('Archivo PDF en proceso') as HTMLInputElement;
    // A browser's file dialog can still hand over another type ("All files"): what the page gets then.
    fireEvent.change(input, { target: { files: [new File(['hola'], 'nota.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('❌ Solo se permiten archivos PDF.')).toBeInTheDocument();
    expect(input.value).toBe('');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')).toContain('regulation-pdf-process-error');
  });

  it('checks before calling the API and focuses the messages', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({}));
    vi.stubGlobal('fetch', fetchMock);
    const { user } = open('asesor');
    await user.selectOptions(await screen.findByLabelText('Tipo'), 'ordinance');
    await user.selectOptions(screen.getByLabelText('Estado'), 'approved');
    await user.click(screen.getByRole('button', { name: 'Cargar normativa' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Debe ingresar el número de la normativa.');
    expect(alert).toHaveTextContent('Debe subir el PDF de la normativa aprobada.');
    expect(alert).toHaveFocus();
    expect(screen.getByLabelText('Número')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('clears each error as its field is corrected, before the next submit', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({}));
    vi.stubGlobal('fetch', fetchMock);
    const { user } = open('asesor');
    await user.click(await screen.findByRole('button', { name: 'Cargar normativa' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Debe seleccionar el tipo de normativa.');
    const subject = screen.getByLabelText('Tema');
    expect(subject).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('El tema es obligatorio.', { selector: '.invalid-feedback' })).toBeInTheDocument();
    await user.type(subject, 'Plan de arbolado');
    await waitFor(() => expect(subject).toHaveAttribute('aria-invalid', 'false'));
    expect(screen.queryByText('El tema es obligatorio.', { selector: '.invalid-feedback' })).not.toBeInTheDocument();
    // The type is still missing: its error stays until it is chosen.
    expect(screen.getByLabelText('Tipo')).toHaveAttribute('aria-invalid', 'true');
    await user.selectOptions(screen.getByLabelText('Tipo'), 'resolution');
    await waitFor(() => expect(screen.getByLabelText('Tipo')).toHaveAttribute('aria-invalid', 'false'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('puts a 422 message under its field, and clears it when that field is edited', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Los datos enviados no son válidos.', errors: { number: ['Ya existe Ordenanza N° 1500 (Cargo N° 3).'] }, requestId: 'r' }, 422)),
    );
    const { user } = open('asesor');
    await user.selectOptions(await screen.findByLabelText('Tipo'), 'ordinance');
    await user.selectOptions(screen.getByLabelText('Estado'), 'approved');
    await user.type(screen.getByLabelText('Número'), '1500');
    await user.type(screen.getByLabelText('Autores'), 'Luis Paz{Enter}');
    await user.type(screen.getByLabelText('Tema'), 'Plan de arbolado');
    await user.upload(screen.getByLabelText('Archivo PDF aprobado'), pdf());
    await user.click(screen.getByRole('button', { name: 'Cargar normativa' }));
    expect(await screen.findByText('Ya existe Ordenanza N° 1500 (Cargo N° 3).', { selector: '.invalid-feedback' })).toBeInTheDocument();
    expect(screen.getByLabelText('Número')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Número'), '1');
    await waitFor(() => expect(screen.getByLabelText('Número')).toHaveAttribute('aria-invalid', 'false'));
  });

  it('sends the form, says it was created and starts again', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(detail({ id: 77 }), 201));
    vi.stubGlobal('fetch', fetchMock);
    const { user } = open('asesor');
    await user.selectOptions(await screen.findByLabelText('Tipo'), 'ordinance');
    await user.selectOptions(screen.getByLabelText('Estado'), 'approved');
    await user.type(screen.getByLabelText('Número'), '1500');
    await user.type(screen.getByLabelText('Autores'), 'Luis Paz{Enter}');
    await user.type(screen.getByLabelText('Palabras clave'), '  arbolado  ');
    await user.click(screen.getByRole('button', { name: 'Agregar palabra clave' }));
    await user.type(screen.getByLabelText('Tema'), 'Plan de arbolado');
    await user.upload(screen.getByLabelText('Archivo PDF aprobado'), pdf());
    await user.click(screen.getByRole('button', { name: 'Cargar normativa' }));
    expect(await screen.findByText('Normativa creada correctamente.')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/regulations');
    const body = init.body as FormData;
    expect(body.get('type')).toBe('ordinance');
    expect(body.get('number')).toBe('1500');
    expect(body.getAll('authors[]')).toEqual(['Luis Paz']);
    expect(body.getAll('keywords[]')).toEqual(['arbolado']);
    expect(body.get('pdf_approved')).toBeInstanceOf(File);
    await waitFor(() => expect(screen.getByLabelText('Tipo')).toHaveValue(''));
    expect(screen.getByLabelText('Tema')).toHaveValue('');
  });

  it("sends the creation date as the wall clock of the site's time zone", async () => {
    const fetchMock = vi.fn(async () => jsonResponse(detail({ id: 78 }), 201));
    vi.stubGlobal('fetch', fetchMock);
    const { user } = open('admin', testSite({ time_zone: 'America/Bogota' }));
    await user.selectOptions(await screen.findByLabelText('Tipo'), 'ordinance');
    await user.selectOptions(screen.getByLabelText('Estado'), 'approved');
    fireEvent.change(screen.getByLabelText('Fecha de creación'), { target: { value: '1998-07-15T09:00' } });
    await user.type(screen.getByLabelText('Número'), '1500');
    await user.type(screen.getByLabelText('Autores'), 'Luis Paz{Enter}');
    await user.type(screen.getByLabelText('Tema'), 'Plan de arbolado');
    await user.upload(screen.getByLabelText('Archivo PDF aprobado'), pdf());
    await user.click(screen.getByRole('button', { name: 'Cargar normativa' }));
    expect(await screen.findByText('Normativa creada correctamente.')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    // 09:00 in Bogotá (UTC-5), not in Buenos Aires (UTC-3).
    expect((init.body as FormData).get('creation_date')).toBe('1998-07-15T09:00:00-05:00');
  });

  it('joins the 422 messages into one alert and shows other failures with the server message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Los datos enviados no son válidos.', errors: { number: ['Ya existe Ordenanza N° 1 (Cargo N° 3).'] }, requestId: 'r' }, 422)),
    );
    const { user } = open('concejal');
    await user.selectOptions(await screen.findByLabelText('Tipo'), 'resolution');
    await user.type(screen.getByLabelText('Tema'), 'Proyecto');
    await user.click(screen.getByRole('button', { name: 'Cargar normativa' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ya existe Ordenanza N° 1 (Cargo N° 3).');

    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ message: 'No tienes permiso para realizar esta acción.', requestId: 'r' }, 403)));
    await user.click(screen.getByRole('button', { name: 'Cargar normativa' }));
    expect(await screen.findByText('Error en la solicitud: No tienes permiso para realizar esta acción.')).toBeInTheDocument();
  });
});

describe('the kind of each linked norm', () => {
  const related = [
    { id: 12, type: 'ordinance', number: 12, subject: 'Tránsito pesado' },
    { id: 30, type: 'decree', number: 30, subject: 'Reglamento de tránsito' },
  ];

  it('asks the kind of each chosen norm (Modifica by default, the incoming list read from this norm) and sends each under its kind', async () => {
    const fetchMock = vi.fn(async (url: string) => (url.startsWith('/api/v1/regulations/related') ? jsonResponse(related) : jsonResponse(detail({ id: 77 }), 201)));
    vi.stubGlobal('fetch', fetchMock);
    const { user } = open('asesor');
    await user.selectOptions(await screen.findByLabelText('Tipo'), 'ordinance');
    await user.type(screen.getByLabelText('Autores'), 'Luis Paz{Enter}');
    await user.type(screen.getByLabelText('Tema'), 'Derogación del tránsito pesado');

    await user.type(screen.getByRole('combobox', { name: 'Normas que modifica' }), 'tránsito');
    await user.click(await screen.findByRole('option', { name: /Tránsito pesado/ }));
    const outgoing = screen.getByRole('combobox', { name: 'Relación con Ordenanza N° 12' });
    expect(outgoing).toHaveValue('modifies');
    expect([...(outgoing as HTMLSelectElement).options].map((option) => option.text)).toEqual(['Modifica', 'Deroga', 'Deroga parcialmente', 'Reglamenta', 'Suspende', 'Prorroga']);
    await user.selectOptions(outgoing, 'Deroga');

    await user.type(screen.getByRole('combobox', { name: 'Normas que la modifican' }), 'reglamento');
    await user.click(await screen.findByRole('option', { name: /Reglamento de tránsito/ }));
    const incoming = screen.getByRole('combobox', { name: 'Relación con Decreto N° 30' });
    expect([...(incoming as HTMLSelectElement).options].map((option) => option.text)).toEqual(['Modificada por', 'Derogada por', 'Derogada parcialmente por', 'Reglamentada por', 'Suspendida por', 'Prorrogada por']);
    await user.selectOptions(incoming, 'Reglamentada por');

    await user.click(screen.getByRole('button', { name: 'Cargar normativa' }));
    expect(await screen.findByText('Normativa creada correctamente.')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/v1/regulations') as unknown as [string, RequestInit];
    const body = init.body as FormData;
    expect(body.getAll('repeals[]')).toEqual(['12']);
    expect(body.getAll('regulated_by[]')).toEqual(['30']);
    expect(body.has('modifies[]')).toBe(false);
    expect(body.has('modified_by[]')).toBe(false);
  });

  it('removing a chosen norm takes its kind select with it', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(related)));
    const { user } = open('admin');
    await user.selectOptions(await screen.findByLabelText('Tipo'), 'ordinance');
    await user.type(screen.getByRole('combobox', { name: 'Normas que modifica' }), 'tránsito');
    await user.click(await screen.findByRole('option', { name: /Tránsito pesado/ }));
    expect(screen.getByRole('combobox', { name: 'Relación con Ordenanza N° 12' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Quitar Ordenanza N° 12' }));
    expect(screen.queryByRole('combobox', { name: 'Relación con Ordenanza N° 12' })).not.toBeInTheDocument();
  });
});
