import type { ComponentType } from 'react';
import type { Ability, Panel } from '@concejo/contracts';
import {
  loadOldRegulationCreatePage,
  loadRegulationCreatePage,
  loadRegulationDetailsPage,
  loadRegulationEditPage,
  loadRegulationListPage,
} from '../features/regulations';
import { loadDayOrderCreatePage, loadSessionSummariesPage, loadSessionSummaryPage, loadStaffDayOrdersPage } from '../features/day-orders';
import { loadUserRegisterPage, loadUsersPage } from '../features/users';
import { loadSubscriptionCountsPage } from '../features/subscriptions';
import { loadBannerCreatePage, loadBannerListPage, loadContactsUploadPage, loadNewsCreatePage, loadNewsManagePage } from '../features/content';
import type { PanelPage } from '../lib/paths';
import { loadProfilePage } from '../features/account';

/** The child pages of each protected group as spec 2.2 lists them, and the admin's alert counts (issue 16). */
export const PANEL_PAGES: Record<Panel, readonly PanelPage[]> = {
  '/admin': [
    'root',
    'dayOrderCreate',
    'regulationCreate',
    'oldRegulationCreate',
    'regulationEdit',
    'regulationDetails',
    'usersManage',
    'userRegister',
    'profile',
    'sessionSummaries',
    'sessionSummary',
    'dayOrderList',
    'subscriptionCounts',
  ],
  '/asesor-concejal': [
    'root',
    'dayOrderCreate',
    'regulationCreate',
    'regulationEdit',
    'regulationDetails',
    'profile',
    'sessionSummaries',
    'sessionSummary',
    'dayOrderList',
  ],
  '/ejecutivo': ['root', 'regulationCreate', 'regulationDetails', 'profile', 'sessionSummaries'],
  '/cm': ['root', 'bannerCreate', 'newsManage', 'newsCreate', 'contactsUpload', 'profile'],
};

type LazyPage = () => Promise<{ Component: ComponentType }>;

/** The registry's pages (issue 3), loaded on demand; the cm panel's root is its own home, not the registry. */
const REGULATION_PAGES: Partial<Record<PanelPage, LazyPage>> = {
  root: loadRegulationListPage,
  regulationCreate: loadRegulationCreatePage,
  oldRegulationCreate: loadOldRegulationCreatePage,
  regulationEdit: loadRegulationEditPage,
  regulationDetails: loadRegulationDetailsPage,
};

/** The session agendas' pages (issue 5): cargar-orden-dia, ordenes-del-dia, resumen-sesion and resumen-sesion/:id. */
const DAY_ORDER_PAGES: Partial<Record<PanelPage, LazyPage>> = {
  dayOrderCreate: loadDayOrderCreatePage,
  dayOrderList: loadStaffDayOrdersPage,
  sessionSummaries: loadSessionSummariesPage,
  sessionSummary: loadSessionSummaryPage,
};

/** The admin's user management (issue 6): gestionar-usuarios and registrar-usuario; and the alerts' counts (issue 16). */
const USER_PAGES: Partial<Record<PanelPage, LazyPage>> = {
  usersManage: loadUsersPage,
  userRegister: loadUserRegisterPage,
  subscriptionCounts: loadSubscriptionCountsPage,
};

/** The cm's home page content (issue 7): banners (the panel's root), news and the contact images. */
const CONTENT_PAGES: Partial<Record<PanelPage, LazyPage>> = {
  root: loadBannerListPage,
  bannerCreate: loadBannerCreatePage,
  newsManage: loadNewsManagePage,
  newsCreate: loadNewsCreatePage,
  contactsUpload: loadContactsUploadPage,
};

/** The lazy page of a panel's child path; every path of PANEL_PAGES has one. */
export function panelPageLoader(panel: Panel, page: PanelPage): LazyPage {
  if (page === 'profile') return loadProfilePage;
  const loader = panel === '/cm' ? CONTENT_PAGES[page] : (REGULATION_PAGES[page] ?? DAY_ORDER_PAGES[page] ?? USER_PAGES[page]);
  if (!loader) throw new Error(`No page for ${panel}/${page}`);
  return loader;
}

/**
 * What a page of a group needs beyond entering the group: the group /asesor-concejal holds asesor,
 * concejal and mesa, and mesa may not open 'Resumen de sesión' or 'Cargar orden del día' (spec 2.4
 * hides them from its menu; the API refuses their data). The abilities table decides, as for the menu.
 */
export const PAGE_ABILITIES: Partial<Record<PanelPage, Ability>> = {
  regulationCreate: 'regulations.create',
  oldRegulationCreate: 'oldRegulations.create',
  regulationEdit: 'regulations.update',
  dayOrderCreate: 'dayOrders.create',
  // Those who build agendas manage them (delete is the admin's alone, on the page itself).
  dayOrderList: 'dayOrders.create',
  sessionSummaries: 'dayOrders.summaries',
  sessionSummary: 'dayOrders.summaries',
  usersManage: 'users.manage',
  userRegister: 'users.manage',
  // Counts of citizens' alerts: the admin's, as the API's GET /subscriptions/counts.
  subscriptionCounts: 'users.manage',
};
