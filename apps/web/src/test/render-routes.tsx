import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type RouteObject } from 'react-router';

type MemoryRouter = ReturnType<typeof createMemoryRouter>;
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '../app/providers';
import { siteQueryOptions } from '../components/site';
import { saveSession } from '../lib/session';
import { DEFAULT_COUNCIL_TIME_ZONE, DEFAULT_SITE_SERVICES, NO_SITE_CONTACT, type Role, type SiteResponse } from '@concejo/contracts';

/** The site's settings (GET /public/site) as a test wants them. */
export function testSite(overrides: Partial<SiteResponse> = {}): SiteResponse {
  return {
    council_name: 'Concejo Deliberante',
    town_name: 'Villa del Parque',
    town_region: 'Buenos Aires',
    social: { instagram: null, facebook: null, youtube: null },
    services: DEFAULT_SITE_SERVICES,
    contact: NO_SITE_CONTACT,
    time_zone: DEFAULT_COUNCIL_TIME_ZONE,
    ...overrides,
  };
}

/**
 * Renders routes in memory with the app's providers; returns the router to read the location. `site`
 * puts the site's settings in the cache, as the app's layout has loaded them before a panel opens.
 */
export function renderRoutes(
  routes: RouteObject[],
  {
    initialEntries = ['/'],
    createClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
    site,
  }: { initialEntries?: string[]; createClient?: (router: MemoryRouter) => QueryClient; site?: SiteResponse } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries });
  const queryClient = createClient(router);
  if (site) queryClient.setQueryData(siteQueryOptions().queryKey, site);
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, user };
}

/** Stores a session as a login would. */
export function logInAs(role: Role, overrides: { name?: string; lastName?: string; emailVerified?: boolean } = {}) {
  saveSession({
    token: `token-of-${role}`,
    role,
    user: {
      name: overrides.name ?? 'Ana',
      last_name: overrides.lastName ?? 'Rodríguez',
      email_verified: overrides.emailVerified ?? true,
    },
  });
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A marker page, to see where a navigation ended. */
export function marker(text: string) {
  return () => <p>{text}</p>;
}
