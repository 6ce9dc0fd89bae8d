import { ROLES, type Role } from '@concejo/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, marker, renderRoutes } from '../../../test/render-routes';
import { LoginPage } from './login-page';

const routes = [
  { path: '/login', Component: LoginPage },
  { path: '/', Component: marker('Página de inicio') },
  { path: '/admin', Component: marker('Panel /admin') },
  { path: '/asesor-concejal', Component: marker('Panel /asesor-concejal') },
  { path: '/ejecutivo', Component: marker('Panel /ejecutivo') },
  { path: '/cm', Component: marker('Panel /cm') },
];

function stubFetch(respond: () => Promise<Response>) {
  const fetchMock = vi.fn(respond);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function submitLogin(email = 'ana@concejo.test', password = 'secreta') {
  const view = renderRoutes(routes, { initialEntries: ['/login'] });
  await view.user.type(await screen.findByLabelText('Email'), email);
  await view.user.type(screen.getByLabelText('Contraseña'), password);
  await view.user.click(screen.getByRole('button', { name: 'Ingresar' }));
  return view;
}

async function expectRedToast(text: string) {
  const toast = await screen.findByText(text);
  expect(toast.closest('.toast')).toHaveClass('text-bg-danger');
  expect(screen.getByRole('status')).toContainElement(toast);
  expect(window.localStorage.getItem('authToken')).toBeNull();
}

// Spec 4 (Session), with ejecutivo landing in its own panel (contracts' homeAfterLogin).
const LANDING: Record<Role, string> = {
  admin: 'Panel /admin',
  concejal: 'Panel /asesor-concejal',
  asesor: 'Panel /asesor-concejal',
  mesa: 'Panel /asesor-concejal',
  ejecutivo: 'Panel /ejecutivo',
  cm: 'Panel /cm',
  user: 'Página de inicio',
};

describe('the login page', () => {
  it('offers labelled fields, an email-type input and the forgotten-password link', async () => {
    renderRoutes(routes, { initialEntries: ['/login'] });
    expect(await screen.findByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('explains empty fields without calling the API', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({}));
    const { user } = renderRoutes(routes, { initialEntries: ['/login'] });
    await user.click(await screen.findByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('El email es obligatorio.')).toBeInTheDocument();
    expect(screen.getByText('La contraseña es obligatoria.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each(ROLES)('stores the session of a %s and goes where that role lands', async (role) => {
    const fetchMock = stubFetch(async () =>
      jsonResponse({ token: 'tok-123', role, user: { name: 'Ana', last_name: 'Rodríguez', email_verified: false } }),
    );
    const { router } = await submitLogin();
    expect(await screen.findByText(LANDING[role])).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(LANDING[role].replace('Panel ', '').replace('Página de inicio', '/'));
    expect(window.localStorage.getItem('authToken')).toBe('tok-123');
    expect(window.localStorage.getItem('role')).toBe(role);
    expect(window.localStorage.getItem('userName')).toBe('Ana');
    expect(window.localStorage.getItem('userLastName')).toBe('Rodríguez');
    expect(window.localStorage.getItem('email_verified')).toBe('false');

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/login');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ana@concejo.test', password: 'secreta' });
    expect(new Headers(init.headers).get('Device-Id')).toBe(window.localStorage.getItem('deviceId'));
  });

  it('shows a 401 as wrong credentials', async () => {
    stubFetch(async () => jsonResponse({ message: 'Email o contraseña incorrectos.', requestId: 'r1' }, 401));
    await submitLogin();
    await expectRedToast('Email o contraseña incorrectos.');
  });

  it("shows another error answer with its status and the server's message", async () => {
    const message = 'Demasiados intentos fallidos de inicio de sesión. Inténtalo de nuevo en 15 minutos.';
    stubFetch(async () => jsonResponse({ message, requestId: 'r2' }, 429));
    await submitLogin();
    await expectRedToast(`Error 429: ${message}`);
  });

  it('shows Datos inválidos when an error answer has no message', async () => {
    stubFetch(async () => new Response('', { status: 500 }));
    await submitLogin();
    await expectRedToast('Error 500: Datos inválidos');
  });

  it('says that no answer arrived when the network fails', async () => {
    stubFetch(async () => Promise.reject(new TypeError('Failed to fetch')));
    await submitLogin();
    await expectRedToast('No se recibió respuesta del servidor.');
  });

  it('reports any other failure as a failed request', async () => {
    stubFetch(async () => jsonResponse({ token: 'tok', role: 'superadmin' }));
    await submitLogin();
    await expectRedToast('Error al realizar la solicitud.');
  });
});
