import { Link, NavLink } from 'react-router';
import { enhanceNavbar } from '../../enhance/navbar';
import { paths } from '../../lib/paths';
import { useEnhancer } from '../../lib/use-enhancer';
import { Brand } from './brand';

/**
 * The public bar, in Bootstrap's navbar markup. What it does (the phone's menu button, the account's
 * corner, which depends on the session kept in the browser) is enhance/navbar.ts, on a server-rendered
 * page and on /profile alike; the server sends the link for visitors without a session.
 */
export function PublicNavbar() {
  return (
    <header>
      <nav className="navbar navbar-expand-lg site-navbar bg-primary" data-bs-theme="dark" aria-label="Navegación principal" data-enhance="navbar" ref={useEnhancer(enhanceNavbar)}>
        <div className="container">
          <Link className="navbar-brand" to={paths.home.getHref()}>
            <Brand />
          </Link>
          <button
            type="button"
            className="navbar-toggler collapsed"
            aria-controls="public-navbar-links"
            aria-expanded="false"
            aria-label="Abrir navegación"
            data-toast-before
          >
            <span className="navbar-toggler-icon" />
          </button>
          <div id="public-navbar-links" className="navbar-collapse collapse">
            <div className="navbar-nav me-auto" data-toast-after>
              <NavLink className="nav-link" to={paths.home.getHref()} end>
                Home
              </NavLink>
              <NavLink className="nav-link" to={paths.regulations.getHref()}>
                Normativas
              </NavLink>
              <NavLink className="nav-link" to={paths.dayOrders.getHref()}>
                Orden del Día
              </NavLink>
            </div>
            <div className="navbar-nav align-items-lg-center" data-toast-before data-account-links>
              <NavLink className="nav-link" to={paths.login.getHref()}>
                Acceso a funcionarios
              </NavLink>
            </div>
          </div>
        </div>
      </nav>
    </header>
  );
}
