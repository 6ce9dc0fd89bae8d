import { PANEL_BY_ROLE, type Panel } from '@concejo/contracts';
import { useSession } from '../../lib/use-session';

/** The logged-in staff member's panel ("role base" for links), or null outside a panel. */
export function usePanel(): Panel | null {
  const role = useSession()?.role ?? null;
  return role ? PANEL_BY_ROLE[role] : null;
}
