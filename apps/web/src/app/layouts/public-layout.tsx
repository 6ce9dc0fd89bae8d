import Container from 'react-bootstrap/Container';
import { Outlet } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { PublicNavbar } from './public-navbar';
import { SiteFooter } from './site-footer';

export function PublicLayout() {
  return (
    <div className="app-shell">
      <SkipLink />
      <PublicNavbar />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="site-main">
        <Container className="py-4">
          <Outlet />
        </Container>
      </main>
      <SiteFooter />
    </div>
  );
}
