import { ACCOUNT_MESSAGES } from '@concejo/contracts';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, logInAs, renderRoutes } from '../../../test/render-routes';
import { RELOAD_AFTER_REGISTER_MS, UserRegisterPage } from './user-register-page';
import { UsersPage } from './users-page';

const routes = [
  { path: '/admin/gestionar-usuarios', Component: UsersPage },
  { path: '/admin/registrar-usuario', Component: UserRegisterPage },
];

const USERS = [
  { id: 7, name: 'Lucía', last_name: 'Fernández', email: 'asesor@concejo.test', role: 'asesor', email_verified: true },
  { id: 9, name: 'Juan', last_name: 'Pérez', email: 'usuario@concejo.test', role: 'user', email_verified: false },
];

function stubFetch(answer: (url: string, init: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(answer);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('gestionar-usuarios', () => {
  it('lists name and last name, e-mail and role label, with a link to register a user', async () => {
    stubFetch(async () => jsonResponse(USERS));
    logInAs('admin');
    renderRoutes(routes, { initialEntries: ['/admin/gestionar-usuarios'] });
    const rows = await screen.findAllByRole('row');
    expect(rows.slice(1).map((row) => within(row).getAllByRole('cell').slice(0, 3).map((cell) => cell.textContent))).toEqual([
      ['Lucía Fernández', 'asesor@concejo.test', 'Asesor'],
      ['Juan Pérez', 'usuario@concejo.test', 'Usuario'],
    ]);
    expect(screen.getByRole('link', { name: 'Registrar nuevo usuario' })).toHaveAttribute('href', '/admin/registrar-usuario');
  });

  it('filters by role through the API', async () => {
    const fetchMock = stubFetch(async (url) => jsonResponse(url.includes('role=cm') ? [] : USERS));
    logInAs('admin');
    const { user } = renderRoutes(routes, { initialEntries: ['/admin/gestionar-usuarios'] });
    await screen.findAllByRole('row');
    await user.selectOptions(screen.getByLabelText('Filtrar por rol'), 'Redes (CM)');
    expect(await screen.findByText('No hay usuarios con el rol Redes (CM).')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/users?role=cm', expect.anything());
  });

  it('asks for a role before saving, then saves it and says so', async () => {
    const fetchMock = stubFetch(async (_url, init) =>
      init.method === 'PATCH' ? jsonResponse({ message: 'Rol actualizado a Mesa de Entrada correctamente.', user: { ...USERS[1], role: 'mesa' } }) : jsonResponse(USERS),
    );
    logInAs('admin');
    const { user } = renderRoutes(routes, { initialEntries: ['/admin/gestionar-usuarios'] });
    const save = await screen.findByRole('button', { name: 'Guardar rol de Juan Pérez' });
    await user.click(save);
    expect(await screen.findAllByText(ACCOUNT_MESSAGES.roleRequired)).not.toHaveLength(0);
    expect(screen.getByLabelText('Nuevo rol de Juan Pérez')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init.method === 'PATCH')).toBe(false);

    await user.selectOptions(screen.getByLabelText('Nuevo rol de Juan Pérez'), 'Mesa de Entrada');
    await user.click(save);
    expect(await screen.findByText('Rol actualizado a Mesa de Entrada correctamente.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/users/9/role', expect.objectContaining({ method: 'PATCH', body: JSON.stringify({ role: 'mesa' }) }));
  });

  it('says so when the role could not be saved, and when the list cannot be loaded', async () => {
    stubFetch(async (_url, init) => (init.method === 'PATCH' ? jsonResponse({ message: 'x', requestId: 'r' }, 500) : jsonResponse(USERS)));
    logInAs('admin');
    const { user } = renderRoutes(routes, { initialEntries: ['/admin/gestionar-usuarios'] });
    await user.selectOptions(await screen.findByLabelText('Nuevo rol de Juan Pérez'), 'Concejal');
    await user.click(screen.getByRole('button', { name: 'Guardar rol de Juan Pérez' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.roleError)).toBeInTheDocument();

    stubFetch(async () => jsonResponse({ message: 'x', requestId: 'r' }, 500));
    renderRoutes(routes, { initialEntries: ['/admin/gestionar-usuarios?role=mesa'] });
    expect(await screen.findByText(ACCOUNT_MESSAGES.usersError)).toBeInTheDocument();
  });
});

describe('registrar-usuario', () => {
  async function fillForm(user: ReturnType<typeof renderRoutes>['user'], overrides: Partial<Record<string, string>> = {}) {
    const { password, ...fields } = overrides;
    const values = { Nombre: 'Carla', Apellido: 'Benítez', Email: 'carla@concejo.test', 'Confirmación de email': 'carla@concejo.test', ...fields };
    for (const [label, value] of Object.entries(values)) if (value) await user.type(screen.getByLabelText(label), value);
    await user.type(screen.getByLabelText('Contraseña'), password ?? 'Banca-Concejal-2026');
    await user.type(screen.getByLabelText('Confirmación de contraseña'), password ?? 'Banca-Concejal-2026');
  }

  it('registers the user, resets the form and starts again after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubFetch(async () =>
      jsonResponse({ message: 'Usuario registrado correctamente.', user: { id: 12, name: 'Carla', last_name: 'Benítez', email: 'carla@concejo.test', role: 'concejal', email_verified: false } }, 201),
    );
    logInAs('admin');
    const { user } = renderRoutes(routes, { initialEntries: ['/admin/registrar-usuario'] });
    await screen.findByRole('heading', { name: 'Registrar usuario' });
    await fillForm(user);
    await user.selectOptions(screen.getByLabelText('Rol'), 'Concejal');
    await user.click(screen.getByRole('button', { name: 'Registrar usuario' }));
    expect(await screen.findByText('Usuario registrado correctamente.')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toEqual({
      name: 'Carla',
      last_name: 'Benítez',
      email: 'carla@concejo.test',
      email_confirmation: 'carla@concejo.test',
      password: 'Banca-Concejal-2026',
      password_confirmation: 'Banca-Concejal-2026',
      role: 'concejal',
    });
    expect(screen.getByLabelText('Nombre')).toHaveValue('');
    await act(() => vi.advanceTimersByTimeAsync(RELOAD_AFTER_REGISTER_MS + 100));
    vi.useRealTimers();
    expect(RELOAD_AFTER_REGISTER_MS).toBe(2000);
  });

  it('shows the 422 messages of the server under each field', async () => {
    stubFetch(async () =>
      jsonResponse({ message: ACCOUNT_MESSAGES.emailTaken, errors: { email: [ACCOUNT_MESSAGES.emailTaken] }, requestId: 'r' }, 422),
    );
    logInAs('admin');
    const { user } = renderRoutes(routes, { initialEntries: ['/admin/registrar-usuario'] });
    await screen.findByRole('heading', { name: 'Registrar usuario' });
    await fillForm(user);
    await user.selectOptions(screen.getByLabelText('Rol'), 'Asesor');
    await user.click(screen.getByRole('button', { name: 'Registrar usuario' }));
    const email = screen.getByLabelText('Email');
    await vi.waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(document.getElementById(email.getAttribute('aria-describedby')!)).toHaveTextContent(ACCOUNT_MESSAGES.emailTaken);
    // The server's message goes as soon as the e-mail is corrected, before any new submit.
    await user.clear(email);
    await user.type(email, 'otra@concejo.test');
    expect(email).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText(ACCOUNT_MESSAGES.emailTaken, { selector: '.invalid-feedback' })).not.toBeInTheDocument();
  });

  it('checks every field before sending, all at once: role, the policy and matching e-mails', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({}));
    logInAs('admin');
    const { user } = renderRoutes(routes, { initialEntries: ['/admin/registrar-usuario'] });
    await screen.findByRole('heading', { name: 'Registrar usuario' });
    await fillForm(user, { 'Confirmación de email': 'otra@concejo.test', password: '123456789' });
    await user.click(screen.getByRole('button', { name: 'Registrar usuario' }));
    for (const message of [ACCOUNT_MESSAGES.roleRequired, ACCOUNT_MESSAGES.passwordTooCommon, ACCOUNT_MESSAGES.emailMismatch]) {
      expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    }
    await user.selectOptions(screen.getByLabelText('Rol'), 'Ejecutivo');
    await user.clear(screen.getByLabelText('Contraseña'));
    await user.type(screen.getByLabelText('Contraseña'), 'Banca-Concejal-2026');
    await user.clear(screen.getByLabelText('Confirmación de contraseña'));
    await user.type(screen.getByLabelText('Confirmación de contraseña'), 'Banca-Concejal-2026');
    await user.click(screen.getByRole('button', { name: 'Registrar usuario' }));
    expect((await screen.findAllByText(ACCOUNT_MESSAGES.emailMismatch)).length).toBeGreaterThan(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
