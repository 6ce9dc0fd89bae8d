// The pages an alert's links land on (issue 16), loaded when one is opened.
export const loadSubscriptionConfirmedPage = async () => ({ Component: (await import('./pages/subscription-pages')).SubscriptionConfirmedPage });
export const loadSubscriptionErrorPage = async () => ({ Component: (await import('./pages/subscription-pages')).SubscriptionErrorPage });
export const loadUnsubscribePage = async () => ({ Component: (await import('./pages/subscription-pages')).UnsubscribePage });
/** The admin's counts of subscriptions, inside the admin panel only. */
export const loadSubscriptionCountsPage = async () => ({ Component: (await import('./pages/subscription-counts-page')).SubscriptionCountsPage });
// What the server rendering needs of these pages (the alert form itself is components/subscribe-box.tsx).
export { subscriptionConfirmedServerPage, subscriptionErrorServerPage, unsubscribeServerPage } from './server-pages';
// The forms' behaviour on the server-rendered pages (src/page/enhancers.ts).
export { enhanceSubscribe } from './enhance-subscribe';
export { enhanceUnsubscribe } from './enhance-unsubscribe';
