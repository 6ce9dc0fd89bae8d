import { PANEL_BY_ROLE, type Panel, type Role } from '@concejo/contracts';
import { fullName } from '../../lib/session';
import { useSession } from '../../lib/use-session';

/** The logged-in staff member as these pages need them: role, panel (for links) and full name. */
export function useStaffContext(): { role: Role; panel: Panel; ownName: string } | null {
  const session = useSession();
  const role = session?.role ?? null;
  const panel = role ? PANEL_BY_ROLE[role] : null;
  if (!session || !role || !panel) return null;
  return { role, panel, ownName: fullName(session) };
}
