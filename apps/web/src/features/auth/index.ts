export { useLogout } from './api/logout';

/** Where the verification link lands; rarely visited, so not part of the first load. */
export const loadVerifiedPage = async () => ({ Component: (await import('./pages/verified-page')).VerifiedPage });
/** The login form (and its form library) loads when /login is opened, not with the home page. */
export const loadLoginPage = async () => ({ Component: (await import('./pages/login-page')).LoginPage });
/** Password recovery: loaded only when its page is opened (the password list comes with it). */
export const loadForgotPasswordPage = async () => ({ Component: (await import('./pages/forgot-password-page')).ForgotPasswordPage });
export const loadPasswordResetPage = async () => ({ Component: (await import('./pages/password-reset-page')).PasswordResetPage });
// What the server rendering needs of these pages (src/server/server-pages.ts); never in a browser chunk.
export { forgotPasswordServerPage, loginServerPage, passwordResetServerPage, verifiedServerPage } from './server-pages';
// The login form's behaviour on the server-rendered /login (src/page/enhancers.ts).
export { enhanceLoginForm } from './enhance-login';
