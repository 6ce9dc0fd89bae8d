import type { ServerPage } from '../../server/server-page';

// The pages an alert's links land on (issue 16): rendered on the server, kept out of search engines.
export const subscriptionConfirmedServerPage: ServerPage = { head: () => ({ title: 'Suscripción confirmada', noindex: true }) };
export const subscriptionErrorServerPage: ServerPage = { head: () => ({ title: 'Enlace no válido', noindex: true }) };
export const unsubscribeServerPage: ServerPage = { head: ({ url }) => ({ title: url.searchParams.get('token') ? 'Darse de baja' : 'Enlace no válido', noindex: true }) };
