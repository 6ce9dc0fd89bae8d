import { LAYOUT_ROUTES, type ServerRouteId } from '../app/pages';
import { accessibilityServerPage } from '../features/accessibility';
import { openDataServerPage } from '../features/open-data';
import { forgotPasswordServerPage, loginServerPage, passwordResetServerPage, verifiedServerPage } from '../features/auth';
import { publicDayOrdersServerPage } from '../features/day-orders';
import { homeServerPage, newsServerPage } from '../features/home';
import { publicProjectServerPage, publicRegulationServerPage, publicRegulationsServerPage } from '../features/public-regulations';
import { siteQueryOptions } from '../components/site';
import { subscriptionConfirmedServerPage, subscriptionErrorServerPage, unsubscribeServerPage } from '../features/subscriptions';
import type { ServerPage } from './server-page';

/**
 * The server side of every server-rendered route of the pages' registry (app/pages.tsx), by id: the
 * app's root, the public layout (the council's name) and each public page whose rendering is on the
 * server. The registry decides which ids must be here; the compiler holds the two together. Apart
 * from the registry because this code never goes to a browser chunk.
 */
export const SERVER_PAGES: Record<ServerRouteId, ServerPage> = {
  [LAYOUT_ROUTES.root]: {},
  [LAYOUT_ROUTES.publicLayout]: { preload: ({ queryClient }) => queryClient.prefetchQuery(siteQueryOptions()) },
  home: homeServerPage,
  regulations: publicRegulationsServerPage,
  regulation: publicRegulationServerPage,
  project: publicProjectServerPage,
  'day-orders': publicDayOrdersServerPage,
  login: loginServerPage,
  'forgot-password': forgotPasswordServerPage,
  'password-reset': passwordResetServerPage,
  verified: verifiedServerPage,
  news: newsServerPage,
  'subscription-confirmed': subscriptionConfirmedServerPage,
  'subscription-error': subscriptionErrorServerPage,
  unsubscribe: unsubscribeServerPage,
  accessibility: accessibilityServerPage,
  'open-data': openDataServerPage,
  'not-found': { head: () => ({ title: 'Página no encontrada', noindex: true, status: 404 }) },
};

export function serverPageOf(routeId: string): ServerPage | undefined {
  return Object.hasOwn(SERVER_PAGES, routeId) ? SERVER_PAGES[routeId as ServerRouteId] : undefined;
}
