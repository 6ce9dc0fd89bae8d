import { PANELS, type Panel } from '@concejo/contracts';
import { Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { Loading } from '../components/loading';
import { paths } from '../lib/paths';
import { RequireAbility, RequirePanel } from './guards';
import { PublicLayout } from './layouts/public-layout';
import { NotFoundPage } from './pages/not-found-page';
import { RouteErrorPage } from './pages/route-error-page';
import { LAYOUT_ROUTES, panelPagesOf, PUBLIC_PAGES, type PanelPageEntry } from './pages';

// Staff code (the panel layout, its menu and later its pages) is loaded only when a panel is opened.
const loadStaffLayout = async () => ({ Component: (await import('./layouts/staff-layout')).StaffLayout });

function panelPageRoute(panel: Panel, { page, load: lazy, ability }: PanelPageEntry): RouteObject {
  if (page === 'root') return { index: true, lazy };
  if (!ability) return { path: paths.panel[page].path, lazy };
  return { path: paths.panel[page].path, element: <RequireAbility ability={ability} panel={panel} />, children: [{ index: true, lazy }] };
}

function panelRoutes(panel: Panel): RouteObject {
  return {
    path: panel,
    element: <RequirePanel panel={panel} />,
    children: [
      {
        lazy: loadStaffLayout,
        children: [...panelPagesOf(panel).map((entry) => panelPageRoute(panel, entry)), { path: '*', Component: NotFoundPage }],
      },
    ],
  };
}

/** A new page opens at its top; back and forward return to where the reader was. */
function AppRoot() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/**
 * The handle of a route whose page is a document of its own: rendered on the server and run in the
 * browser by its small script (src/page/main.ts), never by this app. The app reaches it by loading it.
 */
export const DOCUMENT_PAGE = { document: true } as const;

export function isDocumentPage(route: { handle?: unknown }): boolean {
  return (route.handle as Partial<typeof DOCUMENT_PAGE> | undefined)?.document === true;
}

/** A public page of the registry as a route: the home page is the layout's index. */
function publicPageRoute(page: (typeof PUBLIC_PAGES)[number]): RouteObject {
  const route = {
    id: page.id,
    ...('Component' in page ? { Component: page.Component } : { lazy: page.load }),
    ...(page.rendering === 'document' ? { handle: DOCUMENT_PAGE } : {}),
  };
  return 'path' in page ? { ...route, path: page.path } : { ...route, index: true };
}

/** The route table of spec 2.1 (public) and 2.2 (protected groups), from the pages' registry (pages.tsx). */
export const routes: RouteObject[] = [
  {
    id: LAYOUT_ROUTES.root,
    Component: AppRoot,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: () => <Loading />,
    children: [
      {
        id: LAYOUT_ROUTES.publicLayout,
        Component: PublicLayout,
        children: PUBLIC_PAGES.map(publicPageRoute),
      },
      ...PANELS.map(panelRoutes),
    ],
  },
];
