import { PANEL_BY_ROLE } from '@concejo/contracts';
import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/use-session';
import { Brand } from './brand';

// Only citizen accounts need the dropdown (and its positioning library): load it for them alone.
const CitizenMenu = lazy(async () => ({ default: (await import('./citizen-menu')).CitizenMenu }));

function AccountLinks() {
  const session = useSession();
  const panel = session?.role ? PANEL_BY_ROLE[session.role] : null;
  if (session && panel) {
    return (
      <NavLink className="nav-link" to={panel}>
        Mi panel
      </NavLink>
    );
  }
  if (session?.role === 'user') {
    return (
      <Suspense fallback={null}>
        <CitizenMenu session={session} />
      </Suspense>
    );
  }
  return (
    <NavLink className="nav-link" to={paths.login.getHref()}>
      Acceso a funcionarios
    </NavLink>
  );
}

/**
 * The public bar, in Bootstrap's navbar markup with a plain disclosure button instead of
 * react-bootstrap's Navbar: that component brings the offcanvas and modal machinery along, some 7 KB
 * compressed that every visitor of the home page would download (DESIGN.md section 8).
 */
export function PublicNavbar() {
  const [open, setOpen] = useState(false);
  // Choosing a link closes the menu on a phone, as collapseOnSelect did.
  const handleLinkChosen = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) setOpen(false);
  };
  return (
    <header>
      <nav className="navbar navbar-expand-lg site-navbar bg-primary" data-bs-theme="dark" aria-label="Navegación principal">
        <div className="container">
          <Link className="navbar-brand" to={paths.home.getHref()}>
            <Brand />
          </Link>
          <button
            type="button"
            className={open ? 'navbar-toggler' : 'navbar-toggler collapsed'}
            aria-controls="public-navbar-links"
            aria-expanded={open}
            aria-label="Abrir navegación"
            onClick={() => setOpen((value) => !value)}
            data-toast-before
          >
            <span className="navbar-toggler-icon" />
          </button>
          <div id="public-navbar-links" className={open ? 'navbar-collapse collapse show' : 'navbar-collapse collapse'} onClick={handleLinkChosen}>
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
            <div className="navbar-nav align-items-lg-center" data-toast-before>
              <AccountLinks />
            </div>
          </div>
        </div>
      </nav>
    </header>
  );
}
