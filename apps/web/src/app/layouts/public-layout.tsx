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
        <div className="container py-4">
          <Outlet />
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
