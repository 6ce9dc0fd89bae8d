import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, logInAs, marker, renderRoutes } from '../../../test/render-routes';
import { VERIFIED_LOGOUT_DELAY_MS, VerifiedPage } from './verified-page';

const routes = [
  { path: '/verified/:status', Component: VerifiedPage },
  { path: '/login', Component: marker('Formulario de ingreso') },
];

describe('the e-mail verification result', () => {
  it('on success marks the e-mail verified, then ends the session and goes to /login after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = vi.fn(async () => jsonResponse({ message: 'Sesión cerrada.' }));
    vi.stubGlobal('fetch', fetchMock);
    logInAs('asesor', { emailVerified: false });
    window.localStorage.setItem('deviceId', 'device-1');
    const { router } = renderRoutes(routes, { initialEntries: ['/verified/success'] });

    expect(await screen.findByRole('heading', { name: 'Email verificado correctamente' })).toBeInTheDocument();
    expect(screen.getByText(/vuelva a iniciar sesión/)).toBeInTheDocument();
    expect(window.localStorage.getItem('email_verified')).toBe('true');

    await act(() => vi.advanceTimersByTimeAsync(VERIFIED_LOGOUT_DELAY_MS - 100));
    expect(router.state.location.pathname).toBe('/verified/success');
    await act(() => vi.advanceTimersByTimeAsync(200));
    vi.useRealTimers();
    expect(await screen.findByText('Formulario de ingreso')).toBeInTheDocument();
    expect({ ...window.localStorage }).toEqual({ deviceId: 'device-1' });
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/logout', expect.objectContaining({ method: 'POST' }));
    expect(VERIFIED_LOGOUT_DELAY_MS).toBe(3000);
  });

  it('explains any other status as a failure and keeps the session', async () => {
    logInAs('asesor', { emailVerified: false });
    renderRoutes(routes, { initialEntries: ['/verified/expired'] });
    expect(await screen.findByRole('heading', { name: 'Error en la verificación del email' })).toBeInTheDocument();
    expect(window.localStorage.getItem('email_verified')).toBe('false');
  });
});
