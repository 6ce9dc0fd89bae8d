import { PANEL_BY_ROLE } from '@concejo/contracts';
import { lazy, Suspense } from 'react';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
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
      <Nav.Link as={NavLink} to={panel} eventKey={panel}>
        Mi panel
      </Nav.Link>
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
    <Nav.Link as={NavLink} to={paths.login.getHref()} eventKey={paths.login.path}>
      Acceso a funcionarios
    </Nav.Link>
  );
}

export function PublicNavbar() {
  return (
    <header>
      <Navbar expand="lg" collapseOnSelect data-bs-theme="dark" className="site-navbar bg-primary" aria-label="Navegación principal">
        <Container>
          <Navbar.Brand as={Link} to={paths.home.getHref()}>
            <Brand />
          </Navbar.Brand>
          <Navbar.Toggle aria-controls="public-navbar-links" label="Abrir navegación" />
          <Navbar.Collapse id="public-navbar-links">
            <Nav className="me-auto">
              <Nav.Link as={NavLink} to={paths.home.getHref()} end eventKey={paths.home.path}>
                Home
              </Nav.Link>
              <Nav.Link as={NavLink} to={paths.regulations.getHref()} eventKey={paths.regulations.path}>
                Normativas
              </Nav.Link>
              <Nav.Link as={NavLink} to={paths.dayOrders.getHref()} eventKey={paths.dayOrders.path}>
                Orden del Día
              </Nav.Link>
            </Nav>
            <Nav className="align-items-lg-center">
              <AccountLinks />
            </Nav>
          </Navbar.Collapse>
        </Container>
      </Navbar>
    </header>
  );
}
