import type { Role } from '@concejo/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, logInAs, marker, renderRoutes } from '../../test/render-routes';
import { RequirePanel } from '../guards';
import { StaffLayout } from './staff-layout';

const routes = [
  { path: '/', Component: marker('Página de inicio') },
  { path: '/login', Component: marker('Formulario de ingreso') },
  ...(['/admin', '/asesor-concejal', '/ejecutivo', '/cm'] as const).map((panel) => ({
    path: panel,
    element: <RequirePanel panel={panel} />,
    children: [{ Component: StaffLayout, children: [{ path: '*?', Component: marker('Contenido del panel') }] }],
  })),
];

function stubFetch(respond: (url: string, init: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(respond);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const PANEL_OF: Record<Exclude<Role, 'user'>, string> = {
  admin: '/admin',
  asesor: '/asesor-concejal',
  mesa: '/asesor-concejal',
  concejal: '/asesor-concejal',
  ejecutivo: '/ejecutivo',
  cm: '/cm',
};

async function openMenu(user: ReturnType<typeof renderRoutes>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Abrir menú' }));
  const dialog = await screen.findByRole('dialog');
  return within(within(dialog).getByRole('navigation'));
}

describe('the staff layout', () => {
  it('opens the offcanvas menu of a mesa with only its two links, by name', async () => {
    stubFetch(async () => jsonResponse({}, 404));
    logInAs('mesa');
    const { user } = renderRoutes(routes, { initialEntries: ['/asesor-concejal'] });
    const menu = await openMenu(user);
    expect(menu.getAllByRole('link').map((link) => link.textContent)).toEqual(['Ver Normativas', 'Cargar normativa']);
    expect(menu.getByRole('link', { name: 'Cargar normativa' })).toHaveAttribute('href', '/asesor-concejal/cargar-normativa');
  });

  it.each(Object.entries(PANEL_OF))('shows %s its menu in its panel', async (role, panel) => {
    stubFetch(async () => jsonResponse({}, 404));
    logInAs(role as Role);
    const { user } = renderRoutes(routes, { initialEntries: [panel] });
    const menu = await openMenu(user);
    expect(menu.getAllByRole('link').length).toBeGreaterThan(0);
    if (role === 'cm') expect(menu.getByRole('link', { name: 'Gestionar Banners' })).toHaveAttribute('href', '/cm');
    else expect(menu.getByRole('link', { name: 'Ver Normativas' })).toHaveAttribute('href', panel);
  });

  it('closes the menu after a link is followed', async () => {
    stubFetch(async () => jsonResponse({}, 404));
    logInAs('admin');
    const { user, router } = renderRoutes(routes, { initialEntries: ['/admin'] });
    const menu = await openMenu(user);
    await user.click(menu.getByRole('link', { name: 'Gestionar Usuarios' }));
    expect(router.state.location.pathname).toBe('/admin/gestionar-usuarios');
  });

  it('offers Verificar Email only while the e-mail is not verified', async () => {
    stubFetch(async () => jsonResponse({}, 404));
    logInAs('concejal', { emailVerified: true });
    const { user } = renderRoutes(routes, { initialEntries: ['/asesor-concejal'] });
    await user.click(await screen.findByRole('button', { name: /Ana Rodríguez/ }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Ver Perfil',
      'Volver al Home',
      'Cerrar Sesión',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Ver Perfil' })).toHaveAttribute('href', '/asesor-concejal/profile');
  });

  it('sends the verification e-mail and says so in green', async () => {
    const fetchMock = stubFetch(async (url) =>
      url.endsWith('/email/verification-notification') ? jsonResponse({ status: 'verification-link-sent' }) : jsonResponse({}, 404),
    );
    logInAs('admin', { emailVerified: false });
    const { user } = renderRoutes(routes, { initialEntries: ['/admin'] });
    await user.click(await screen.findByRole('button', { name: /Ana Rodríguez/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Verificar Email' }));
    const toast = await screen.findByText('Email de verificación enviado correctamente.');
    expect(toast.closest('.toast')).toHaveClass('text-bg-success');
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/email/verification-notification', expect.objectContaining({ method: 'POST' }));
  });

  it('says in red when the verification e-mail was not sent', async () => {
    stubFetch(async (url) =>
      url.endsWith('/email/verification-notification') ? jsonResponse({ status: 'throttled' }) : jsonResponse({}, 404),
    );
    logInAs('admin', { emailVerified: false });
    const { user } = renderRoutes(routes, { initialEntries: ['/admin'] });
    await user.click(await screen.findByRole('button', { name: /Ana Rodríguez/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Verificar Email' }));
    const toast = await screen.findByText('Error al enviar el email de verificación.');
    expect(toast.closest('.toast')).toHaveClass('text-bg-danger');
  });

  it.each([
    ['the server confirms', async () => jsonResponse({ message: 'Sesión cerrada.' })],
    ['the token was already revoked (401)', async () => jsonResponse({ message: 'No autenticado.', requestId: 'r' }, 401)],
    ['the server cannot be reached', async () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('logs out to /login and forgets the session when %s', async (_case, logoutAnswer) => {
    const fetchMock = stubFetch(async (url) => (url.endsWith('/logout') ? logoutAnswer() : jsonResponse({}, 404)));
    logInAs('concejal');
    const deviceId = 'device-1234';
    window.localStorage.setItem('deviceId', deviceId);
    const { user, router } = renderRoutes(routes, { initialEntries: ['/asesor-concejal'] });
    await user.click(await screen.findByRole('button', { name: /Ana Rodríguez/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Cerrar Sesión' }));
    expect(await screen.findByText('Formulario de ingreso')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect({ ...window.localStorage }).toEqual({ deviceId });
    const [, init] = fetchMock.mock.calls.find(([url]) => url.endsWith('/logout'))!;
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer token-of-concejal');
  });
});
