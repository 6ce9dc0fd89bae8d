// Every page of the web app, in one registry (issue 34): the router (routes.tsx), the staff panels'
// menu (layouts/staff-menu.ts) and the server rendering (server/server-pages.ts) are derived from it,
// so adding a page, moving it to another panel or offering it in a menu is a change here and in
// lib/paths.ts (its address). A server-rendered page also needs its server side in
// server/server-pages.ts, which the compiler demands for every id below whose rendering is on the
// server; that half stays apart because it must never reach a browser chunk.
import { PANELS, type Ability, type Panel } from '@concejo/contracts';
import type { ComponentType } from 'react';
import { loadAccessibilityPage } from '../features/accessibility';
import { loadOpenDataPage } from '../features/open-data';
import { loadProfilePage } from '../features/account';
import { loadForgotPasswordPage, loadLoginPage, loadPasswordResetPage, loadVerifiedPage } from '../features/auth';
import { loadBannerCreatePage, loadBannerListPage, loadContactsUploadPage, loadNewsCreatePage, loadNewsManagePage } from '../features/content';
import { loadDayOrderCreatePage, loadPublicDayOrdersPage, loadSessionSummariesPage, loadSessionSummaryPage, loadStaffDayOrdersPage } from '../features/day-orders';
import { loadHomePage, loadNewsDetailPage } from '../features/home';
import { loadPublicProjectPage, loadPublicRegulationPage, loadPublicRegulationsPage } from '../features/public-regulations';
import {
  loadOldRegulationCreatePage,
  loadRegulationCreatePage,
  loadRegulationDetailsPage,
  loadRegulationEditPage,
  loadRegulationListPage,
} from '../features/regulations';
import { loadSubscriptionConfirmedPage, loadSubscriptionCountsPage, loadSubscriptionErrorPage, loadUnsubscribePage } from '../features/subscriptions';
import { loadUserRegisterPage, loadUsersPage } from '../features/users';
import { paths, type PanelPage } from '../lib/paths';
import { RequireSession } from './guards';
import { NotFoundPage } from './pages/not-found-page';

export type LazyPage = () => Promise<{ Component: ComponentType }>;

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

/**
 * How a public page reaches the reader:
 * - `document`: rendered on the server and run in the browser by its own small script (src/page/main.ts),
 *   never by the app, which reaches it by loading it;
 * - `server`: rendered on the server, then hydrated by the app;
 * - `client`: only in the browser (it needs the session, which lives there).
 */
export type Rendering = 'document' | 'server' | 'client';

type PublicPageEntry = {
  /** The route's id, by which the server finds the page's data and head. */
  id: string;
  /** Its address pattern (lib/paths.ts); absent for the home page, the layout's index. */
  path?: string;
  rendering: Rendering;
} & ({ load: LazyPage; Component?: never } | { Component: ComponentType; load?: never });

/** The public site's pages (spec 2.1), inside the public layout. */
export const PUBLIC_PAGES = [
  { id: 'home', load: loadHomePage, rendering: 'document' },
  { id: 'regulations', path: paths.regulations.path, load: loadPublicRegulationsPage, rendering: 'document' },
  { id: 'regulation', path: paths.regulation.path, load: loadPublicRegulationPage, rendering: 'document' },
  { id: 'project', path: paths.project.path, load: loadPublicProjectPage, rendering: 'document' },
  { id: 'day-orders', path: paths.dayOrders.path, load: loadPublicDayOrdersPage, rendering: 'document' },
  { id: 'login', path: paths.login.path, load: loadLoginPage, rendering: 'document' },
  { id: 'forgot-password', path: paths.forgotPassword.path, load: loadForgotPasswordPage, rendering: 'server' },
  { id: 'password-reset', path: paths.passwordReset.path, load: loadPasswordResetPage, rendering: 'server' },
  { id: 'verified', path: paths.verified.path, load: loadVerifiedPage, rendering: 'server' },
  { id: 'news', path: paths.news.path, load: loadNewsDetailPage, rendering: 'document' },
  { id: 'subscription-confirmed', path: paths.subscriptionConfirmed.path, load: loadSubscriptionConfirmedPage, rendering: 'document' },
  { id: 'subscription-error', path: paths.subscriptionError.path, load: loadSubscriptionErrorPage, rendering: 'document' },
  { id: 'accessibility', path: paths.accessibility.path, load: loadAccessibilityPage, rendering: 'document' },
  { id: 'open-data', path: paths.openData.path, load: loadOpenDataPage, rendering: 'document' },
  { id: 'unsubscribe', path: paths.unsubscribe.path, load: loadUnsubscribePage, rendering: 'document' },
  { id: 'profile', path: paths.profile.path, load: loadGuardedProfilePage, rendering: 'client' },
  { id: 'not-found', path: '*', Component: NotFoundPage, rendering: 'server' },
] as const satisfies readonly PublicPageEntry[];

/** The routes around the public pages, which the server also renders: the app's root and the public layout. */
export const LAYOUT_ROUTES = { root: 'root', publicLayout: 'public' } as const;

/** Ids of every route the server renders (its layouts and its pages); server/server-pages.ts gives each its side. */
export type ServerRouteId =
  | (typeof LAYOUT_ROUTES)[keyof typeof LAYOUT_ROUTES]
  | Extract<(typeof PUBLIC_PAGES)[number], { rendering: 'document' | 'server' }>['id'];

export type PanelPageEntry = {
  page: PanelPage;
  /** The panels that have it (spec 2.2). */
  panels: readonly Panel[];
  load: LazyPage;
  /**
   * What the page needs beyond entering its panel: the group /asesor-concejal holds asesor, concejal
   * and mesa, and mesa may not open 'Resumen de sesión' or 'Cargar orden del día' (spec 2.4 hides them
   * from its menu; the API refuses their data). The abilities table decides, as for the menu.
   */
  ability?: Ability;
  /**
   * Its item in the offcanvas menu of spec 2.4, shown to the roles with `ability` (by default the
   * page's), at `position` among the items; `end`: active only on this exact path.
   */
  menu?: { label: string; position: number; ability?: Ability; end?: true };
};

const REGISTRY_PANELS = ['/admin', '/asesor-concejal', '/ejecutivo'] as const satisfies readonly Panel[];
const AGENDA_PANELS = ['/admin', '/asesor-concejal'] as const satisfies readonly Panel[];

/**
 * The staff panels' pages, in the order spec 2.2 lists each panel's child paths: the registry's
 * (issue 3), the agendas' (issues 5 and 12), the admin's users and alert counts (issues 6 and 16),
 * the cm's home page content (issue 7) and everyone's profile.
 */
export const PANEL_PAGE_REGISTRY: readonly PanelPageEntry[] = [
  { page: 'root', panels: REGISTRY_PANELS, load: loadRegulationListPage, menu: { label: 'Ver Normativas', position: 1, ability: 'regulations.read', end: true } },
  { page: 'root', panels: ['/cm'], load: loadBannerListPage, menu: { label: 'Gestionar Banners', position: 7, ability: 'content.manage', end: true } },
  { page: 'dayOrderCreate', panels: AGENDA_PANELS, load: loadDayOrderCreatePage, ability: 'dayOrders.create' },
  { page: 'regulationCreate', panels: REGISTRY_PANELS, load: loadRegulationCreatePage, ability: 'regulations.create', menu: { label: 'Cargar normativa', position: 2 } },
  { page: 'oldRegulationCreate', panels: ['/admin'], load: loadOldRegulationCreatePage, ability: 'oldRegulations.create' },
  { page: 'regulationEdit', panels: AGENDA_PANELS, load: loadRegulationEditPage, ability: 'regulations.update' },
  { page: 'regulationDetails', panels: REGISTRY_PANELS, load: loadRegulationDetailsPage },
  { page: 'usersManage', panels: ['/admin'], load: loadUsersPage, ability: 'users.manage', menu: { label: 'Gestionar Usuarios', position: 4 } },
  { page: 'userRegister', panels: ['/admin'], load: loadUserRegisterPage, ability: 'users.manage' },
  { page: 'bannerCreate', panels: ['/cm'], load: loadBannerCreatePage },
  { page: 'newsManage', panels: ['/cm'], load: loadNewsManagePage, menu: { label: 'Gestionar Noticias', position: 8, ability: 'content.manage' } },
  { page: 'newsCreate', panels: ['/cm'], load: loadNewsCreatePage },
  { page: 'contactsUpload', panels: ['/cm'], load: loadContactsUploadPage, menu: { label: 'Cargar Contactos', position: 9, ability: 'content.manage' } },
  { page: 'profile', panels: PANELS, load: loadProfilePage },
  { page: 'sessionSummaries', panels: REGISTRY_PANELS, load: loadSessionSummariesPage, ability: 'dayOrders.summaries', menu: { label: 'Resumen de sesión', position: 3 } },
  // The ejecutivo panel lists the summaries but has no detail page: its list links to the PDFs only.
  { page: 'sessionSummary', panels: AGENDA_PANELS, load: loadSessionSummaryPage, ability: 'dayOrders.summaries' },
  // Those who build agendas manage them (delete is the admin's alone, on the page itself).
  { page: 'dayOrderList', panels: AGENDA_PANELS, load: loadStaffDayOrdersPage, ability: 'dayOrders.create', menu: { label: 'Gestionar Órdenes del día', position: 6 } },
  // Counts of citizens' alerts: the admin's, as the API's GET /subscriptions/counts.
  { page: 'subscriptionCounts', panels: ['/admin'], load: loadSubscriptionCountsPage, ability: 'users.manage', menu: { label: 'Suscripciones a avisos', position: 5 } },
];

/** The pages of one panel, in the registry's order. */
export function panelPagesOf(panel: Panel): readonly PanelPageEntry[] {
  return PANEL_PAGE_REGISTRY.filter((entry) => entry.panels.includes(panel));
}

/** Each panel's child pages, as spec 2.2 lists them. */
export const PANEL_PAGES: Record<Panel, readonly PanelPage[]> = {
  '/admin': panelPagesOf('/admin').map((entry) => entry.page),
  '/asesor-concejal': panelPagesOf('/asesor-concejal').map((entry) => entry.page),
  '/ejecutivo': panelPagesOf('/ejecutivo').map((entry) => entry.page),
  '/cm': panelPagesOf('/cm').map((entry) => entry.page),
};
