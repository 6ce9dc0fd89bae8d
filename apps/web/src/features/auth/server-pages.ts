import type { ServerPage } from '../../server/server-page';

// Pages of the account flows: rendered on the server like the rest, kept out of search engines.
export const loginServerPage: ServerPage = {
  head: () => ({ title: 'Acceso a funcionarios', description: 'Ingreso del personal del Concejo Deliberante.', noindex: true }),
};
export const forgotPasswordServerPage: ServerPage = { head: () => ({ title: 'Recuperar contraseña', noindex: true }) };
export const passwordResetServerPage: ServerPage = { head: () => ({ title: 'Restablecer contraseña', noindex: true }) };
export const verifiedServerPage: ServerPage = {
  head: ({ params }) => ({ title: params.status === 'success' ? 'Email verificado' : 'Error en la verificación', noindex: true }),
};
