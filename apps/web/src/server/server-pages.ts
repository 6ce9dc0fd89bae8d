import { PUBLIC_ROUTES } from '../app/routes';
import { accessibilityServerPage } from '../features/accessibility';
import { forgotPasswordServerPage, loginServerPage, passwordResetServerPage, verifiedServerPage } from '../features/auth';
import { publicDayOrdersServerPage } from '../features/day-orders';
import { homeServerPage, newsServerPage } from '../features/home';
import { publicRegulationServerPage, publicRegulationsServerPage } from '../features/public-regulations';
import { siteQueryOptions } from '../components/site';
import { subscriptionConfirmedServerPage, subscriptionErrorServerPage, unsubscribeServerPage } from '../features/subscriptions';
import type { ServerPage } from './server-page';

type PublicRouteId = (typeof PUBLIC_ROUTES)[keyof typeof PUBLIC_ROUTES];

/** Every server-rendered route, by id: the app's root, the public layout (the council's name) and each public page. */
export const SERVER_PAGES: Record<PublicRouteId, ServerPage> = {
  [PUBLIC_ROUTES.root]: {},
  [PUBLIC_ROUTES.layout]: { preload: ({ queryClient }) => queryClient.prefetchQuery(siteQueryOptions()) },
  [PUBLIC_ROUTES.home]: homeServerPage,
  [PUBLIC_ROUTES.regulations]: publicRegulationsServerPage,
  [PUBLIC_ROUTES.regulation]: publicRegulationServerPage,
  [PUBLIC_ROUTES.dayOrders]: publicDayOrdersServerPage,
  [PUBLIC_ROUTES.login]: loginServerPage,
  [PUBLIC_ROUTES.forgotPassword]: forgotPasswordServerPage,
  [PUBLIC_ROUTES.passwordReset]: passwordResetServerPage,
  [PUBLIC_ROUTES.verified]: verifiedServerPage,
  [PUBLIC_ROUTES.news]: newsServerPage,
  [PUBLIC_ROUTES.subscriptionConfirmed]: subscriptionConfirmedServerPage,
  [PUBLIC_ROUTES.subscriptionError]: subscriptionErrorServerPage,
  [PUBLIC_ROUTES.unsubscribe]: unsubscribeServerPage,
  [PUBLIC_ROUTES.accessibility]: accessibilityServerPage,
  [PUBLIC_ROUTES.notFound]: { head: () => ({ title: 'Página no encontrada', noindex: true, status: 404 }) },
};

export function serverPageOf(routeId: string): ServerPage | undefined {
  return Object.hasOwn(SERVER_PAGES, routeId) ? SERVER_PAGES[routeId as PublicRouteId] : undefined;
}
