import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { jsonResponse, logInAs, renderRoutes } from '../test/render-routes';
import { routes } from './routes';
import { leaveExpiredSession } from './session-expiry';

describe('an expired or revoked token', () => {
  it('sends a user on a panel page to /login (not /) and forgets the session', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/user')
          ? jsonResponse({ message: 'No autenticado.', requestId: 'r' }, 401)
          : jsonResponse({ council_name: 'Concejo Deliberante', town_name: 'Villa', town_region: 'BA' }),
      ),
    );
    logInAs('asesor');
    window.localStorage.setItem('deviceId', 'device-7');
    const { router } = renderRoutes(routes, {
      initialEntries: ['/asesor-concejal/profile'],
      createClient: (memoryRouter) => {
        const queryClient = createQueryClient({ onUnauthorized: () => void leaveExpiredSession(memoryRouter, queryClient) });
        return queryClient;
      },
    });
    expect(await screen.findByRole('button', { name: 'Ingresar' }, { timeout: 3000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect({ ...window.localStorage }).toEqual({ deviceId: 'device-7' });
    expect(screen.getByRole('link', { name: 'Acceso a funcionarios' })).toBeInTheDocument();
  });
});
