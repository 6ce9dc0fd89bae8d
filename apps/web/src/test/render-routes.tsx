import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type RouteObject } from 'react-router';

type MemoryRouter = ReturnType<typeof createMemoryRouter>;
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '../app/providers';
import { saveSession } from '../lib/session';
import type { Role } from '@concejo/contracts';

/** Renders routes in memory with the app's providers; returns the router to read the location. */
export function renderRoutes(
  routes: RouteObject[],
  {
    initialEntries = ['/'],
    createClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
  }: { initialEntries?: string[]; createClient?: (router: MemoryRouter) => QueryClient } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries });
  const queryClient = createClient(router);
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
