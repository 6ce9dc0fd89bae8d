import { ROLES, type Panel, type Role } from '@concejo/contracts';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, endSession, loginPageReached } from '../lib/session';
import { logInAs, marker, renderRoutes } from '../test/render-routes';
import { RequirePanel, RequireSession } from './guards';

const routes = [
  { path: '/', Component: marker('Página de inicio') },
  { path: '/login', Component: marker('Página de acceso') },
  ...(['/admin', '/asesor-concejal', '/ejecutivo', '/cm'] as const).map((panel) => ({
    path: panel,
    element: <RequirePanel panel={panel} />,
    children: [{ path: '*?', Component: marker(`Dentro de ${panel}`) }],
  })),
  { path: '/profile', element: <RequireSession>Perfil protegido</RequireSession> },
];

// Spec 2.2: which roles each group accepts.
const ALLOWED: Record<Panel, Role[]> = {
  '/admin': ['admin'],
  '/asesor-concejal': ['asesor', 'concejal', 'mesa'],
  '/ejecutivo': ['ejecutivo'],
  '/cm': ['cm'],
};

describe('the panel guard', () => {
  it('sends a visitor without a token to /', async () => {
    const { router } = renderRoutes(routes, { initialEntries: ['/admin/gestionar-usuarios'] });
    expect(await screen.findByText('Página de inicio')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a stored role without its token to /', async () => {
    window.localStorage.setItem('role', 'admin');
    const { router } = renderRoutes(routes, { initialEntries: ['/admin'] });
    expect(await screen.findByText('Página de inicio')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  for (const [panel, allowed] of Object.entries(ALLOWED) as [Panel, Role[]][]) {
    for (const role of ROLES) {
      const enters = allowed.includes(role);
      it(`${enters ? 'lets' : 'keeps'} ${role} ${enters ? 'into' : 'out of'} ${panel}`, async () => {
        logInAs(role);
        const { router } = renderRoutes(routes, { initialEntries: [`${panel}/profile`] });
        if (enters) {
          expect(await screen.findByText(`Dentro de ${panel}`)).toBeInTheDocument();
          expect(router.state.location.pathname).toBe(`${panel}/profile`);
        } else {
          expect(await screen.findByText('Página de inicio')).toBeInTheDocument();
          expect(router.state.location.pathname).toBe('/');
        }
      });
    }
  }

  it('sends away a tampered role', async () => {
    window.localStorage.setItem('authToken', 'x');
    window.localStorage.setItem('role', 'superadmin');
    renderRoutes(routes, { initialEntries: ['/admin'] });
    expect(await screen.findByText('Página de inicio')).toBeInTheDocument();
  });

  it('reacts when the session ends while a panel page is open', async () => {
    logInAs('cm');
    renderRoutes(routes, { initialEntries: ['/cm'] });
    expect(await screen.findByText('Dentro de /cm')).toBeInTheDocument();
    act(() => clearSession());
    expect(await screen.findByText('Página de inicio')).toBeInTheDocument();
  });

  describe('when a logout or an expiry ends the session', () => {
    afterEach(() => loginPageReached());

    it('sends the user to /login, not home, even if the trip there has not arrived yet', async () => {
      logInAs('cm');
      const { router } = renderRoutes(routes, { initialEntries: ['/cm/gestionar-noticias'] });
      expect(await screen.findByText('Dentro de /cm')).toBeInTheDocument();
      // The router commits pages in a transition: the guard may render before the login page shows.
      await act(() => endSession(() => undefined));
      expect(await screen.findByText('Página de acceso')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
    });

    it('goes back to sending visitors home once the login page was reached', async () => {
      await endSession(() => undefined);
      loginPageReached();
      const { router } = renderRoutes(routes, { initialEntries: ['/cm'] });
      expect(await screen.findByText('Página de inicio')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
    });
  });
});

describe('the session guard of /profile', () => {
  it('needs a token', async () => {
    renderRoutes(routes, { initialEntries: ['/profile'] });
    expect(await screen.findByText('Página de inicio')).toBeInTheDocument();
  });

  it('accepts any role, the citizen account included', async () => {
    logInAs('user');
    renderRoutes(routes, { initialEntries: ['/profile'] });
    expect(await screen.findByText('Perfil protegido')).toBeInTheDocument();
  });
});
