import { can, PANEL_ROLES, type Ability, type Panel } from '@concejo/contracts';
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { paths } from '../lib/paths';
import { isSessionEnding, type Session } from '../lib/session';
import { useSession } from '../lib/use-session';

/** Spec 2.2: a stored token and a role the group accepts. Client-side only; the API enforces the rest. */
export function canEnterPanel(session: Session | null, panel: Panel): boolean {
  return session !== null && session.role !== null && PANEL_ROLES[panel].includes(session.role);
}

/** Where a guard sends someone it turns away: home, or /login when their session has just ended. */
function TurnAway() {
  return <Navigate to={isSessionEnding() ? paths.login.getHref() : paths.home.getHref()} replace />;
}

/** Guards a staff route group; anyone else goes home (after a logout or an expiry: to /login). */
export function RequirePanel({ panel }: { panel: Panel }) {
  const session = useSession();
  if (!canEnterPanel(session, panel)) return <TurnAway />;
  return <Outlet />;
}

/**
 * Guards one page of a group for the roles with its ability; the others (mesa typing the address of
 * 'Resumen de sesión') go to their panel's first page instead of a page whose data the API refuses.
 */
export function RequireAbility({ ability, panel }: { ability: Ability; panel: Panel }) {
  const session = useSession();
  if (!can(session?.role, ability)) return <Navigate to={paths.panel.root.getHref(panel)} replace />;
  return <Outlet />;
}

/** Guards a page for any logged-in account (the public /profile). */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session) return <TurnAway />;
  return children;
}
