import { ROLES, type Role } from '@concejo/contracts';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { pageLoads } from '../../../enhance/navigate';
import { jsonResponse } from '../../../test/render-routes';
import { renderServerPage } from '../../../test/render-server-page';

let load: MockInstance<typeof pageLoads.load>;
beforeEach(() => {
  load = vi.spyOn(pageLoads, 'load').mockImplementation(() => undefined);
});

/** /login as the server sends it, its script running; `respond` answers POST /login. */
function renderLogin(respond: () => Promise<Response> = async () => jsonResponse({})) {
  const login = vi.fn(respond);
  const api = vi.fn(async (url: string, _init?: RequestInit) => (url === '/api/v1/login' ? login() : jsonResponse({ message: 'no' }, 404)));
  return { login, api, page: renderServerPage('/login', api) };
}

async function submitLogin(respond: () => Promise<Response>, email = 'ana@concejo.test', password = 'secreta') {
  const view = renderLogin(respond);
  const { user } = await view.page;
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Contraseña'), password);
  await user.click(screen.getByRole('button', { name: 'Ingresar' }));
  return { ...view, user };
}

async function expectRedToast(text: string) {
  const toast = await screen.findByText(text);
  expect(toast.closest('.toast')).toHaveClass('text-bg-danger');
  expect(screen.getByRole('status')).toContainElement(toast);
  expect(window.localStorage.getItem('authToken')).toBeNull();
  // The form can be sent again.
  expect(screen.getByRole('button', { name: 'Ingresar' })).toBeEnabled();
  expect(load).not.toHaveBeenCalled();
}

// Spec 4 (Session), with ejecutivo landing in its own panel (contracts' homeAfterLogin).
const LANDING: Record<Role, string> = {
  admin: '/admin',
  concejal: '/asesor-concejal',
  asesor: '/asesor-concejal',
  mesa: '/asesor-concejal',
  ejecutivo: '/ejecutivo',
  cm: '/cm',
  user: '/',
};

describe('the login page', () => {
  it('offers labelled fields, an email-type input and the forgotten-password link', async () => {
    await renderLogin().page;
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: '¿Olvidó su contraseña?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('comes with its button disabled, so that without the script no password can leave as a GET', async () => {
    const { page } = renderLogin();
    const { body } = await page;
    expect(body).toMatch(/<button type="submit" class="btn btn-primary w-100" disabled="">Ingresar<\/button>/);
    // With the script, it works.
    expect(screen.getByRole('button', { name: 'Ingresar' })).toBeEnabled();
  });

  it('explains empty fields without calling the API, and each message goes as the field is corrected', async () => {
    const { login, page } = renderLogin();
    const { user } = await page;
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(screen.getByText('El email es obligatorio.')).toBeInTheDocument();
    expect(screen.getByText('La contraseña es obligatoria.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('El email es obligatorio.');
    await user.type(screen.getByLabelText('Email'), 'ana');
    expect(screen.getByText('Ingrese un email válido.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), '@concejo.test');
    expect(screen.queryByText('Ingrese un email válido.')).not.toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });

  it.each(ROLES)('stores the session of a %s and goes where that role lands, /login left out of the history', async (role) => {
    const { api } = await submitLogin(async () => jsonResponse({ token: 'tok-123', role, user: { name: 'Ana', last_name: 'Rodríguez', email_verified: false } }));
    await waitFor(() => expect(load).toHaveBeenCalledWith(LANDING[role], true));
    expect(window.localStorage.getItem('authToken')).toBe('tok-123');
    expect(window.localStorage.getItem('role')).toBe(role);
    expect(window.localStorage.getItem('userName')).toBe('Ana');
    expect(window.localStorage.getItem('userLastName')).toBe('Rodríguez');
    expect(window.localStorage.getItem('email_verified')).toBe('false');

    const [url, init] = api.mock.calls.find(([called]) => called === '/api/v1/login') as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/login');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ana@concejo.test', password: 'secreta' });
    expect(new Headers(init.headers).get('Device-Id')).toBe(window.localStorage.getItem('deviceId'));
  });

  it('shows a 401 as wrong credentials', async () => {
    await submitLogin(async () => jsonResponse({ message: 'Email o contraseña incorrectos.', requestId: 'r1' }, 401));
    await expectRedToast('Email o contraseña incorrectos.');
  });

  it("shows another error answer with its status and the server's message", async () => {
    const message = 'Demasiados intentos fallidos de inicio de sesión. Inténtelo de nuevo en 15 minutos.';
    await submitLogin(async () => jsonResponse({ message, requestId: 'r2' }, 429));
    await expectRedToast(`Error 429: ${message}`);
  });

  it('shows Datos inválidos when an error answer has no message', async () => {
    await submitLogin(async () => new Response('', { status: 500 }));
    await expectRedToast('Error 500: Datos inválidos');
  });

  it('says that no answer arrived when the network fails', async () => {
    await submitLogin(async () => Promise.reject(new TypeError('Failed to fetch')));
    await expectRedToast('No se recibió respuesta del servidor.');
  });

  it('reports any other failure as a failed request', async () => {
    await submitLogin(async () => jsonResponse({ token: 'tok', role: 'superadmin' }));
    await expectRedToast('Error al realizar la solicitud.');
  });
});
