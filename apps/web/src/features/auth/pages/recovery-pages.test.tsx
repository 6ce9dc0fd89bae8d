import { ACCOUNT_MESSAGES } from '@concejo/contracts';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, logInAs, marker, renderRoutes } from '../../../test/render-routes';
import { ForgotPasswordPage } from './forgot-password-page';
import { PasswordResetPage, RESET_REDIRECT_DELAY_MS } from './password-reset-page';

const routes = [
  { path: '/forgot-password', Component: ForgotPasswordPage },
  { path: '/password-reset/:token', Component: PasswordResetPage },
  { path: '/login', Component: marker('Formulario de ingreso') },
];

const TOKEN = 'A'.repeat(43);
const RESET_URL = `/password-reset/${TOKEN}?email=ana%40concejo.test`;

function stubFetch(answer: (url: string, init: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(answer);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** How long the toast with this text stays: read from the provider's timer by advancing fake time. */
async function expectToastFor(text: string, ms: number) {
  const toast = await screen.findByText(text);
  expect(toast.closest('.toast')).toHaveClass('text-bg-danger');
  await act(() => vi.advanceTimersByTimeAsync(ms - 200));
  expect(screen.getByText(text)).toBeInTheDocument();
  await act(() => vi.advanceTimersByTimeAsync(400));
  expect(screen.queryByText(text)).not.toBeInTheDocument();
}

describe('/forgot-password', () => {
  it('sends the e-mail and shows the success banner', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ status: 'reset-link-sent', message: ACCOUNT_MESSAGES.forgotSent }));
    const { user } = renderRoutes(routes, { initialEntries: ['/forgot-password'] });
    await user.type(await screen.findByLabelText('Email'), 'ana@concejo.test');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    const banner = (await screen.findByText(ACCOUNT_MESSAGES.forgotSent)).closest('.alert');
    expect(banner).toHaveClass('alert-success');
    expect(banner).toHaveTextContent(ACCOUNT_MESSAGES.forgotSent);
    expect(banner).toHaveTextContent('ana@concejo.test');
    // The link's real lifetime, as the API sets it.
    expect(banner).toHaveTextContent('Vence en 15 minutos');
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/forgot-password', expect.objectContaining({ method: 'POST', body: JSON.stringify({ email: 'ana@concejo.test' }) }));
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('checks the e-mail before sending', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({}));
    const { user } = renderRoutes(routes, { initialEntries: ['/forgot-password'] });
    await user.click(await screen.findByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByText('El email es obligatorio.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the spec error in a red toast for 5 s when the request fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch(async () => jsonResponse({ message: 'Ocurrió un error', requestId: 'r' }, 500));
    const { user } = renderRoutes(routes, { initialEntries: ['/forgot-password'] });
    await user.type(await screen.findByLabelText('Email'), 'ana@concejo.test');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    await expectToastFor(ACCOUNT_MESSAGES.forgotError, 5000);
    vi.useRealTimers();
  });

  it('shows how long to wait when the requests are limited (429)', async () => {
    stubFetch(async () => jsonResponse({ message: 'Demasiadas solicitudes. Inténtelo de nuevo en 12 minutos.', requestId: 'r' }, 429));
    const { user } = renderRoutes(routes, { initialEntries: ['/forgot-password'] });
    await user.type(await screen.findByLabelText('Email'), 'ana@concejo.test');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByText('Demasiadas solicitudes. Inténtelo de nuevo en 12 minutos.')).toBeInTheDocument();
  });
});

describe('/password-reset/:token', () => {
  it('sends token, e-mail, both passwords and the Device-Id; then forgets any session and goes to /login after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    logInAs('mesa');
    const fetchMock = stubFetch(async () => jsonResponse({ status: 'password-reset', message: ACCOUNT_MESSAGES.resetDone }));
    const { user, router } = renderRoutes(routes, { initialEntries: [RESET_URL] });
    expect(await screen.findByText('ana@concejo.test')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Contraseña'), 'Nueva-Clave-Segura-77');
    await user.type(screen.getByLabelText('Confirmación de contraseña'), 'Nueva-Clave-Segura-77');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));

    expect(await screen.findAllByText(ACCOUNT_MESSAGES.resetDone)).toHaveLength(2);
    const [, init] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(String(init.body))).toEqual({ token: TOKEN, email: 'ana@concejo.test', password: 'Nueva-Clave-Segura-77', password_confirmation: 'Nueva-Clave-Segura-77' });
    // The browser that proved the mailbox is the account's from now on: its Device-Id goes along, and stays.
    expect(new Headers(init.headers).get('Device-Id')).toBe(window.localStorage.getItem('deviceId'));
    expect(window.localStorage.getItem('deviceId')).not.toBeNull();
    expect(window.localStorage.getItem('authToken')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(RESET_REDIRECT_DELAY_MS - 100));
    expect(router.state.location.pathname).toBe(`/password-reset/${TOKEN}`);
    await act(() => vi.advanceTimersByTimeAsync(200));
    vi.useRealTimers();
    expect(await screen.findByText('Formulario de ingreso')).toBeInTheDocument();
    expect(RESET_REDIRECT_DELAY_MS).toBe(5000);
  });

  it('shows and hides the password with the toggle', async () => {
    stubFetch(async () => jsonResponse({}));
    const { user } = renderRoutes(routes, { initialEntries: [RESET_URL] });
    const input = await screen.findByLabelText('Contraseña');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('checks the policy and the confirmation before sending', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({}));
    const { user } = renderRoutes(routes, { initialEntries: [RESET_URL] });
    await user.type(await screen.findByLabelText('Contraseña'), 'argentina');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordTooCommon)).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_MESSAGES.confirmationRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('explains a spent or expired link, offers a new one and shows the spec error for 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch(async () =>
      jsonResponse({ message: ACCOUNT_MESSAGES.resetInvalidLink, errors: { token: [ACCOUNT_MESSAGES.resetInvalidLink] }, requestId: 'r' }, 422),
    );
    const { user } = renderRoutes(routes, { initialEntries: [RESET_URL] });
    await user.type(await screen.findByLabelText('Contraseña'), 'Nueva-Clave-Segura-77');
    await user.type(screen.getByLabelText('Confirmación de contraseña'), 'Nueva-Clave-Segura-77');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.resetInvalidLink);
    expect(screen.getByRole('link', { name: 'Pedir un enlace nuevo' })).toHaveAttribute('href', '/forgot-password');
    await expectToastFor(ACCOUNT_MESSAGES.resetError, 5000);
    vi.useRealTimers();
  });

  it.each(['/password-reset/abc', `/password-reset/${TOKEN}?email=`])('sends %s (no e-mail) to /login', async (url) => {
    renderRoutes(routes, { initialEntries: [url] });
    expect(await screen.findByText('Formulario de ingreso')).toBeInTheDocument();
  });
});
