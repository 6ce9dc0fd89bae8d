import { LOGIN_PASSWORD_MAX_LENGTH } from '@concejo/contracts';
import { paths } from '../../../lib/paths';

/**
 * /login (spec 2.1), rendered on the server: a form whose behaviour is enhance-login.ts. Its button
 * comes disabled: without the script, a typed password could only leave as a GET in the address.
 */
export function LoginPage() {
  return (
    <div className="auth-page mx-auto py-4">
      <div className="card shadow-sm">
        <div className="card-body p-4">
          <h1 className="h3 mb-4 text-center">Iniciar sesión</h1>
          <form method="post" data-enhance="login-form">
            <div className="mb-3">
              <label className="form-label" htmlFor="login-email">
                Email
              </label>
              <input type="email" id="login-email" name="email" className="form-control" autoComplete="username" inputMode="email" required />
            </div>
            <div className="mb-3">
              <label className="form-label" htmlFor="login-password">
                Contraseña
              </label>
              <input type="password" id="login-password" name="password" className="form-control" autoComplete="current-password" maxLength={LOGIN_PASSWORD_MAX_LENGTH} required />
            </div>
            <button type="submit" className="btn btn-primary w-100" disabled>
              Ingresar
            </button>
          </form>
          <p className="mt-3 mb-0 text-center">
            <a href={paths.forgotPassword.getHref()}>¿Olvidó su contraseña?</a>
          </p>
        </div>
      </div>
    </div>
  );
}
