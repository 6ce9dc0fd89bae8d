import { PANELS, type Panel } from '@concejo/contracts';
import { Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { Loading } from '../components/loading';
import { loadAccessibilityPage } from '../features/accessibility';
import { loadProfilePage } from '../features/account';
import { loadForgotPasswordPage, loadLoginPage, loadPasswordResetPage, loadVerifiedPage } from '../features/auth';
import { loadPublicDayOrdersPage } from '../features/day-orders';
import { loadHomePage, loadNewsDetailPage } from '../features/home';
import { loadPublicRegulationPage, loadPublicRegulationsPage } from '../features/public-regulations';
import { loadSubscriptionConfirmedPage, loadSubscriptionErrorPage, loadUnsubscribePage } from '../features/subscriptions';
import { paths, type PanelPage } from '../lib/paths';
import { RequireAbility, RequirePanel, RequireSession } from './guards';
import { PublicLayout } from './layouts/public-layout';
import { PAGE_ABILITIES, PANEL_PAGES, panelPageLoader } from './panel-pages';
import { NotFoundPage } from './pages/not-found-page';
import { RouteErrorPage } from './pages/route-error-page';

// Staff code (the panel layout, its menu and later its pages) is loaded only when a panel is opened.
const loadStaffLayout = async () => ({ Component: (await import('./layouts/staff-layout')).StaffLayout });

/** /profile: the citizen's (and any staff member's) profile, only with a session. */
async function loadGuardedProfilePage() {
  const { Component: ProfilePage } = await loadProfilePage();
  return {
    Component: function GuardedProfilePage() {
      return (
        <RequireSession>
          <ProfilePage />
        </RequireSession>
      );
    },
  };
}

function panelPageRoute(panel: Panel, page: PanelPage): RouteObject {
  const lazy = panelPageLoader(panel, page);
  if (page === 'root') return { index: true, lazy };
  const ability = PAGE_ABILITIES[page];
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
        children: [...PANEL_PAGES[panel].map((page) => panelPageRoute(panel, page)), { path: '*', Component: NotFoundPage }],
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
 * Ids of the routes the server renders (src/server/server-pages.ts gives each its data and head); a
 * page without one, such as every staff panel, is a client-side page.
 */
export const PUBLIC_ROUTES = {
  root: 'root',
  layout: 'public',
  home: 'home',
  regulations: 'regulations',
  regulation: 'regulation',
  dayOrders: 'day-orders',
  login: 'login',
  forgotPassword: 'forgot-password',
  passwordReset: 'password-reset',
  verified: 'verified',
  news: 'news',
  subscriptionConfirmed: 'subscription-confirmed',
  subscriptionError: 'subscription-error',
  unsubscribe: 'unsubscribe',
  accessibility: 'accessibility',
  notFound: 'not-found',
} as const;

/**
 * The handle of a route whose page is a document of its own: rendered on the server and run in the
 * browser by its small script (src/page/main.ts), never by this app. The app reaches it by loading it.
 */
export const DOCUMENT_PAGE = { document: true } as const;

export function isDocumentPage(route: { handle?: unknown }): boolean {
  return (route.handle as Partial<typeof DOCUMENT_PAGE> | undefined)?.document === true;
}

/** The route table of spec 2.1 (public) and 2.2 (protected groups). */
export const routes: RouteObject[] = [
  {
    id: PUBLIC_ROUTES.root,
    Component: AppRoot,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: () => <Loading />,
    children: [
      {
        id: PUBLIC_ROUTES.layout,
        Component: PublicLayout,
        children: [
          { id: PUBLIC_ROUTES.home, index: true, lazy: loadHomePage, handle: DOCUMENT_PAGE },
          { id: PUBLIC_ROUTES.regulations, path: paths.regulations.path, lazy: loadPublicRegulationsPage, handle: DOCUMENT_PAGE },
          { id: PUBLIC_ROUTES.regulation, path: paths.regulation.path, lazy: loadPublicRegulationPage, handle: DOCUMENT_PAGE },
          { id: PUBLIC_ROUTES.dayOrders, path: paths.dayOrders.path, lazy: loadPublicDayOrdersPage, handle: DOCUMENT_PAGE },
          { id: PUBLIC_ROUTES.login, path: paths.login.path, lazy: loadLoginPage, handle: DOCUMENT_PAGE },
          { id: PUBLIC_ROUTES.forgotPassword, path: paths.forgotPassword.path, lazy: loadForgotPasswordPage },
          { id: PUBLIC_ROUTES.passwordReset, path: paths.passwordReset.path, lazy: loadPasswordResetPage },
          { id: PUBLIC_ROUTES.verified, path: paths.verified.path, lazy: loadVerifiedPage },
          { id: PUBLIC_ROUTES.news, path: paths.news.path, lazy: loadNewsDetailPage, handle: DOCUMENT_PAGE },
          { id: PUBLIC_ROUTES.subscriptionConfirmed, path: paths.subscriptionConfirmed.path, lazy: loadSubscriptionConfirmedPage, handle: DOCUMENT_PAGE },
          { id: PUBLIC_ROUTES.subscriptionError, path: paths.subscriptionError.path, lazy: loadSubscriptionErrorPage, handle: DOCUMENT_PAGE },
          { id: PUBLIC_ROUTES.accessibility, path: paths.accessibility.path, lazy: loadAccessibilityPage, handle: DOCUMENT_PAGE },
          { id: PUBLIC_ROUTES.unsubscribe, path: paths.unsubscribe.path, lazy: loadUnsubscribePage, handle: DOCUMENT_PAGE },
          // Only with a session, which lives in the browser: never rendered on the server.
          { path: paths.profile.path, lazy: loadGuardedProfilePage },
          { id: PUBLIC_ROUTES.notFound, path: '*', Component: NotFoundPage },
        ],
      },
      ...PANELS.map(panelRoutes),
    ],
  },
];
