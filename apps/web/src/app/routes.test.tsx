import type { Panel } from '@concejo/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../lib/paths';
import { jsonResponse, logInAs, renderRoutes } from '../test/render-routes';
import { PANEL_PAGES } from './pages';
import { routes } from './routes';

// Spec 2.2, copied as written there, and the staff's own agenda list (issue 12: ordenes-del-dia).
const SPEC_CHILD_PATHS: Record<Panel, string[]> = {
  '/admin': [
    '',
    'cargar-orden-dia',
    'cargar-normativa',
    'cargar-normativa-antigua',
    'modificar-normativa/:id',
    'detalles/:id',
    'gestionar-usuarios',
    'registrar-usuario',
    'profile',
    'resumen-sesion',
    'resumen-sesion/:id',
    'ordenes-del-dia',
    // The counts of citizens' e-mail alerts (issue 16).
    'suscripciones',
  ],
  '/asesor-concejal': [
    '',
    'cargar-orden-dia',
    'cargar-normativa',
    'modificar-normativa/:id',
    'detalles/:id',
    'profile',
    'resumen-sesion',
    'resumen-sesion/:id',
    'ordenes-del-dia',
  ],
  '/ejecutivo': ['', 'cargar-normativa', 'detalles/:id', 'profile', 'resumen-sesion'],
  '/cm': ['', 'cargar-banner', 'gestionar-noticias', 'cargar-noticia', 'cargar-contactos', 'profile'],
};

// The registry's pages (issue 3) and their headings; every other panel page is still under construction.
const REGULATION_HEADINGS: Record<string, string> = {
  '': 'Normativas',
  'cargar-normativa': 'Cargar normativa',
  'cargar-normativa-antigua': 'Cargar normativa antigua',
  'modificar-normativa/:id': 'Modificar normativa',
  'detalles/:id': 'Detalles de la normativa',
};

// The session agendas' pages (issue 5) and their headings.
const DAY_ORDER_HEADINGS: Record<string, string> = {
  'cargar-orden-dia': 'Cargar orden del día',
  'resumen-sesion': 'Resumen de sesión',
  'resumen-sesion/:id': 'Detalle de la sesión',
  'ordenes-del-dia': 'Gestionar Órdenes del día',
};

// The admin's user pages (issue 6) and their headings.
const USER_HEADINGS: Record<string, string> = {
  'gestionar-usuarios': 'Gestionar usuarios',
  'registrar-usuario': 'Registrar usuario',
  suscripciones: 'Suscripciones a avisos',
};

const CM_HEADINGS: Record<string, string> = {
  '': 'Gestionar Banners',
  'cargar-banner': 'Cargar Banner',
  'gestionar-noticias': 'Lista de Noticias',
  'cargar-noticia': 'Cargar Noticia',
  'cargar-contactos': 'Imagenes del apartado contactos',
};

const ROLE_OF: Record<Panel, 'admin' | 'asesor' | 'ejecutivo' | 'cm'> = {
  '/admin': 'admin',
  '/asesor-concejal': 'asesor',
  '/ejecutivo': 'ejecutivo',
  '/cm': 'cm',
};

function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.endsWith('/user')
        ? jsonResponse({ user: { name: 'Diego', last_name: 'Pereyra', email: 'diego@concejo.test' }, role: 'ejecutivo', email_verified: false })
        : jsonResponse({ council_name: 'Concejo Deliberante de Villa del Parque', town_name: 'Villa del Parque', town_region: 'Buenos Aires' }),
    ),
  );
}

describe('the route table', () => {
  it.each(Object.entries(SPEC_CHILD_PATHS) as [Panel, string[]][])('gives %s exactly the child paths of spec 2.2', (panel, expected) => {
    expect(PANEL_PAGES[panel].map((page) => paths.panel[page].path)).toEqual(expected);
  });

  it('shows the public daily orders page inside the public layout', async () => {
    stubApi();
    renderRoutes(routes, { initialEntries: ['/ver-orden-dia'] });
    // A lazy chunk with its filter form (zod, react-hook-form): the first load in a busy run takes a moment.
    expect(await screen.findByRole('heading', { level: 1, name: 'Órdenes del día' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('shows the public regulation search inside the public layout', async () => {
    stubApi();
    renderRoutes(routes, { initialEntries: ['/normativas'] });
    // The page is a lazy chunk with its own styles: the first load in a test run takes a moment.
    expect(await screen.findByRole('heading', { level: 1, name: 'Normativas' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('shows the home page inside the public layout', async () => {
    stubApi();
    renderRoutes(routes, { initialEntries: ['/'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Concejo Deliberante de Villa del Parque' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Noticias' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it.each([
    ['/forgot-password', 'Recuperar contraseña'],
    ['/password-reset/abc?email=a%40b.ar', 'Restablecer contraseña'],
  ])(
    'shows the public page %s inside the public layout',
    async (path, heading) => {
      stubApi();
      renderRoutes(routes, { initialEntries: [path] });
      expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 })).toBeInTheDocument();
      expect(screen.getByRole('main')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    },
  );

  for (const [panel, childPaths] of Object.entries(SPEC_CHILD_PATHS) as [Panel, string[]][]) {
    it.each(childPaths.filter((child) => child !== 'profile'))(`opens ${panel}/%s for its role, inside the staff layout`, async (child) => {
      stubApi();
      logInAs(ROLE_OF[panel]);
      const url = child === '' ? panel : `${panel}/${child.replace(':id', '42')}`;
      renderRoutes(routes, { initialEntries: [url] });
      const heading = panel === '/cm' ? CM_HEADINGS[child] : (REGULATION_HEADINGS[child] ?? DAY_ORDER_HEADINGS[child] ?? USER_HEADINGS[child]);
      expect(heading, `a heading for ${url}`).toBeTypeOf('string');
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      expect(screen.getByRole('button', { name: 'Abrir menú' })).toBeInTheDocument();
    });
  }

  it('shows the read-only profile inside a panel', async () => {
    stubApi();
    logInAs('ejecutivo');
    renderRoutes(routes, { initialEntries: ['/ejecutivo/profile'] });
    expect(await screen.findByText('diego@concejo.test')).toBeInTheDocument();
    expect(screen.getByText('Ejecutivo', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('Pereyra')).toBeInTheDocument();
    expect(screen.getByText('No')).toBeInTheDocument();
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
  });

  it('sends /password-reset without an email to /login', async () => {
    stubApi();
    const { router } = renderRoutes(routes, { initialEntries: ['/password-reset/abc'] });
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('answers an unknown path with the 404 page and a way home', async () => {
    stubApi();
    renderRoutes(routes, { initialEntries: ['/no-existe'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  });

  it('offers Acceso a funcionarios when logged out and Mi panel to staff', async () => {
    stubApi();
    renderRoutes(routes, { initialEntries: ['/'] });
    expect(await screen.findByRole('link', { name: 'Acceso a funcionarios' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Mi panel' })).not.toBeInTheDocument();
  });

  it('offers staff a link to their panel instead of the login', async () => {
    stubApi();
    logInAs('mesa');
    renderRoutes(routes, { initialEntries: ['/'] });
    expect(await screen.findByRole('link', { name: 'Mi panel' })).toHaveAttribute('href', '/asesor-concejal');
    expect(screen.queryByRole('link', { name: 'Acceso a funcionarios' })).not.toBeInTheDocument();
  });

  it('offers a citizen account the avatar menu with Perfil and Cerrar Sesión', async () => {
    stubApi();
    logInAs('user', { name: 'Juan', lastName: 'Pérez' });
    const { user } = renderRoutes(routes, { initialEntries: ['/'] });
    await user.click(await screen.findByRole('button', { name: /Juan Pérez/ }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Perfil', 'Cerrar Sesión']);
    expect(screen.getByRole('menuitem', { name: 'Perfil' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('link', { name: 'Mi panel' })).not.toBeInTheDocument();
  });

  it("shows the council's name from the server in the navbar", async () => {
    stubApi();
    renderRoutes(routes, { initialEntries: ['/'] });
    expect(await screen.findByRole('link', { name: /Concejo Deliberante de Villa del Parque/ })).toHaveAttribute('href', '/');
  });
});

describe('the pages a role of its group may not use', () => {
  it.each([
    ['mesa', '/asesor-concejal/resumen-sesion'],
    ['mesa', '/asesor-concejal/resumen-sesion/42'],
    ['mesa', '/asesor-concejal/cargar-orden-dia'],
    ['concejal', '/asesor-concejal/cargar-orden-dia'],
    ['mesa', '/asesor-concejal/ordenes-del-dia'],
    ['concejal', '/asesor-concejal/ordenes-del-dia'],
  ] as const)('send %s from %s to the panel’s first page instead of an error', async (role, url) => {
    stubApi();
    logInAs(role);
    const { router } = renderRoutes(routes, { initialEntries: [url] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Normativas' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/asesor-concejal');
  });

  it('still open for a role that may use them (a concejal reads the session summaries)', async () => {
    stubApi();
    logInAs('concejal');
    const { router } = renderRoutes(routes, { initialEntries: ['/asesor-concejal/resumen-sesion'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Resumen de sesión' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/asesor-concejal/resumen-sesion');
  });
});
