import { PANELS, type Panel } from '@concejo/contracts';
import { Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { Loading } from '../components/loading';
import { loadProfilePage } from '../features/account';
import { loadForgotPasswordPage, loadLoginPage, loadPasswordResetPage, loadVerifiedPage } from '../features/auth';
import { loadPublicDayOrdersPage } from '../features/day-orders';
import { loadHomePage, loadNewsDetailPage } from '../features/home';
import { loadPublicRegulationsPage } from '../features/public-regulations';
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

/** The route table of spec 2.1 (public) and 2.2 (protected groups). */
export const routes: RouteObject[] = [
  {
    Component: AppRoot,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: () => <Loading />,
    children: [
      {
        Component: PublicLayout,
        children: [
          { index: true, lazy: loadHomePage },
          { path: paths.regulations.path, lazy: loadPublicRegulationsPage },
          { path: paths.dayOrders.path, lazy: loadPublicDayOrdersPage },
          { path: paths.login.path, lazy: loadLoginPage },
          { path: paths.forgotPassword.path, lazy: loadForgotPasswordPage },
          { path: paths.passwordReset.path, lazy: loadPasswordResetPage },
          { path: paths.verified.path, lazy: loadVerifiedPage },
          { path: paths.news.path, lazy: loadNewsDetailPage },
          { path: paths.profile.path, lazy: loadGuardedProfilePage },
          { path: '*', Component: NotFoundPage },
        ],
      },
      ...PANELS.map(panelRoutes),
    ],
  },
];
