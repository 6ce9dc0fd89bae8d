import { Link, NavLink } from 'react-router';
import { enhanceNavbar } from '../../enhance/navbar';
import { paths } from '../../lib/paths';
import { useEnhancer } from '../../lib/use-enhancer';
import { Brand } from './brand';

/**
 * The public bar, in Bootstrap's navbar markup. What it does (the phone's menu button, the account's
 * corner, which depends on the session kept in the browser) is enhance/navbar.ts, on a server-rendered
 * page and on /profile alike; the server sends the link for visitors without a session. Without a
 * script, the phone's menu button is a link to the menu, which then opens as the page's target.
 */
export function PublicNavbar() {
  return (
    <header>
      <nav className="navbar navbar-expand-lg site-navbar bg-primary" data-bs-theme="dark" aria-label="Navegación principal" data-enhance="navbar" ref={useEnhancer(enhanceNavbar)}>
        <div className="container">
          <Link className="navbar-brand" to={paths.home.getHref()}>
            <Brand />
          </Link>
          {/* A link to the links, so that a phone without JavaScript opens them too (the target shows them:
              _layout.scss); the script makes it the menu's button (enhance/navbar.ts). */}
          <a className="navbar-toggler collapsed" href="#public-navbar-links" aria-controls="public-navbar-links" aria-label="Abrir navegación" data-toast-before>
            <span className="navbar-toggler-icon" />
          </a>
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
