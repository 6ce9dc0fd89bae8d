import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';
import { leaveExpiredSession } from './app/session-expiry';
import { createQueryClient } from './lib/query-client';
import { readSsrState, receivedQueries } from './lib/ssr-state';
import './styles/theme.scss';

/**
 * Loads the lazy modules of the routes that match the address before hydrating: the server rendered
 * those pages, and the first render in the browser must produce the same tree, not a loading state.
 */
async function loadMatchedRoutes(table: RouteObject[]): Promise<void> {
  const matches = matchRoutes(table, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

async function start(container: HTMLElement) {
  const ssr = readSsrState(document);
  const queryClient = createQueryClient({ onUnauthorized: () => void leaveExpiredSession(router, queryClient) });
  if (ssr) {
    hydrate(queryClient, receivedQueries(ssr.queries));
    await loadMatchedRoutes(routes);
  }
  const router = createBrowserRouter(routes, ssr ? { hydrationData: ssr.router } : undefined);
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  if (ssr) {
    // Hydrated as a transition, which React does in slices that yield to the browser (as React Router's
    // own entry does), not in one long task: the page is already there, and a tap must not wait for it.
    // A page that does not match what the server sent is rendered again in the browser; say so, loudly.
    startTransition(() => {
      hydrateRoot(container, app, { onRecoverableError: (error) => console.error('La página del servidor no coincide con la del navegador.', error) });
    });
  } else createRoot(container).render(app);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
void start(container);
