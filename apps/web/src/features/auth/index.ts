export { VerifiedPage } from './pages/verified-page';
export { PasswordResetPage } from './pages/password-reset-page';
export { useLogout } from './api/logout';

/** The login form (and its form library) loads when /login is opened, not with the home page. */
export const loadLoginPage = async () => ({ Component: (await import('./pages/login-page')).LoginPage });
