import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { isDocumentPage, routes } from './app/routes';
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

/** The address the browser opened, and whether the app's first page is on screen yet. */
const openedAt = window.location.href;
let started = false;

/**
 * The server-rendered pages that run their own script (routes.tsx's DOCUMENT_PAGE): the app reaches
 * them by loading them, as a link without this app would. Only when the server sent the app's shell
 * for one of them (its rendering failed), the app renders it itself, as the first page.
 */
function leavingForDocuments(table: RouteObject[]): RouteObject[] {
  return table.map((route) => {
    if (isDocumentPage(route)) {
      return {
        ...route,
        loader: ({ request }: { request: Request }) => {
          if (!started && request.url === openedAt) return null;
          window.location.assign(request.url);
          // The page is leaving: nothing renders meanwhile.
          return new Promise<never>(() => {});
        },
      } as RouteObject;
    }
    return route.children ? ({ ...route, children: leavingForDocuments(route.children) } as RouteObject) : route;
  });
}

async function start(container: HTMLElement) {
  const table = leavingForDocuments(routes);
  const ssr = readSsrState(document);
  const queryClient = createQueryClient({ onUnauthorized: () => void leaveExpiredSession(router, queryClient) });
  if (ssr) {
    hydrate(queryClient, receivedQueries(ssr.queries));
    await loadMatchedRoutes(table);
  }
  const router = createBrowserRouter(table, ssr ? { hydrationData: ssr.router } : undefined);
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    started = true;
    stop();
  });
  if (router.state.initialized) started = true;
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
