import { PANEL_BY_ROLE } from '@concejo/contracts';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { Link, NavLink, Outlet } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { useSession } from '../../lib/use-session';
import { Brand } from './brand';
import { SiteFooter } from './site-footer';
import { staffMenuItems } from './staff-menu';
import { StaffUserMenu } from './staff-user-menu';

function MenuIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="M2 4h16M2 10h16M2 16h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** The layout of every staff panel page: a top bar, the offcanvas menu of the role and the page. */
export function StaffLayout() {
  const session = useSession();
  const [showMenu, setShowMenu] = useState(false);
  const panel = session?.role ? PANEL_BY_ROLE[session.role] : null;
  // The guard above renders this only for staff; during a logout the session vanishes a moment early.
  if (!session || !panel) return null;

  const handleOpenMenu = () => setShowMenu(true);
  const handleCloseMenu = () => setShowMenu(false);

  return (
    <div className="app-shell">
      <SkipLink />
      <header>
        <Navbar data-bs-theme="dark" className="staff-topbar bg-primary" as="div">
          <Container fluid className="gap-2 flex-nowrap">
            <Button
              variant="outline-light"
              className="d-inline-flex align-items-center gap-2"
              aria-label="Abrir menú"
              aria-haspopup="dialog"
              onClick={handleOpenMenu}
              data-toast-after
            >
              <MenuIcon />
              <span className="d-none d-sm-inline">Menú</span>
            </Button>
            <Navbar.Brand as={Link} to={panel} className="me-auto text-truncate">
              <Brand subtitle="Panel de gestión" />
            </Navbar.Brand>
            <StaffUserMenu session={session} panel={panel} />
          </Container>
        </Navbar>
      </header>

      <Offcanvas show={showMenu} onHide={handleCloseMenu} aria-labelledby="staff-menu-title" className="staff-menu">
        <Offcanvas.Header closeButton closeLabel="Cerrar menú">
          <Offcanvas.Title as="h2" id="staff-menu-title">
            Menú del panel
          </Offcanvas.Title>
        </Offcanvas.Header>
        <Offcanvas.Body>
          <nav aria-label="Secciones del panel">
            <Nav as="ul" className="flex-column">
              {staffMenuItems(session.role).map((item) => (
                <Nav.Item as="li" key={item.label}>
                  <Nav.Link as={NavLink} to={item.href} end={item.end} onClick={handleCloseMenu}>
                    {item.label}
                  </Nav.Link>
                </Nav.Item>
              ))}
            </Nav>
          </nav>
        </Offcanvas.Body>
      </Offcanvas>

      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="site-main">
        <Container fluid="lg" className="py-4">
          <Outlet />
        </Container>
      </main>
      <SiteFooter />
    </div>
  );
}
