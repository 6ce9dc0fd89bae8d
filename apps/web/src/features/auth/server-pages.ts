import { paths } from '../../lib/paths';
import type { ServerPage } from '../../server/server-page';

// Pages of the account flows: rendered on the server like the rest, kept out of search engines.
export const loginServerPage: ServerPage = {
  head: () => ({ title: 'Acceso a funcionarios', description: 'Ingreso del personal del Concejo Deliberante.', noindex: true }),
};
export const forgotPasswordServerPage: ServerPage = { head: () => ({ title: 'Recuperar contraseña', noindex: true }) };
export const passwordResetServerPage: ServerPage = {
  // The page sends a link without its address to the login at once (password-reset-page.tsx).
  head: ({ url }) => (url.searchParams.get('email') ? { title: 'Restablecer contraseña', noindex: true } : { redirect: paths.login.getHref() }),
};
export const verifiedServerPage: ServerPage = {
  head: ({ params }) => ({ title: params.status === 'success' ? 'Email verificado' : 'Error en la verificación', noindex: true }),
};
