import { PANEL_ROLES, type Panel } from '@concejo/contracts';
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { paths } from '../lib/paths';
import { isSessionEnding, type Session } from '../lib/session';
import { useSession } from '../lib/use-session';

/** Spec 2.2: a stored token and a role the group accepts. Client-side only; the API enforces the rest. */
export function canEnterPanel(session: Session | null, panel: Panel): boolean {
  return session !== null && session.role !== null && PANEL_ROLES[panel].includes(session.role);
}

/** Guards a staff route group; anyone else goes home (during a logout: to /login, as the logout says). */
export function RequirePanel({ panel }: { panel: Panel }) {
  const session = useSession();
  if (!canEnterPanel(session, panel)) return isSessionEnding() ? null : <Navigate to={paths.home.getHref()} replace />;
  return <Outlet />;
}

/** Guards a page for any logged-in account (the public /profile). */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session) return isSessionEnding() ? null : <Navigate to={paths.home.getHref()} replace />;
  return children;
}
