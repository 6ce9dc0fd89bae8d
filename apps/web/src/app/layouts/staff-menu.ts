import { can, PANEL_BY_ROLE, type Panel, type Role } from '@concejo/contracts';
import { paths } from '../../lib/paths';
import { panelPagesOf } from '../pages';

export type StaffMenuItem = {
  label: string;
  href: string;
  /** Active only on this exact path (a panel's root would otherwise be active everywhere inside it). */
  end?: boolean;
};

/**
 * The offcanvas menu of spec 2.4, item by item, from the pages' registry (app/pages.tsx) and the
 * abilities table: the menu offers exactly what the API would allow the role to do, in its own panel.
 */
export function staffMenuItems(role: Role | null): StaffMenuItem[] {
  const base = role ? PANEL_BY_ROLE[role] : null;
  if (!role || !base) return [];
  return panelPagesOf(base)
    .flatMap(({ page, ability, menu }) => {
      const needed = menu?.ability ?? ability;
      if (!menu || (needed && !can(role, needed))) return [];
      // Menu items lead to pages without an id in their address.
      const href = (paths.panel[page].getHref as (panel: Panel) => string)(base);
      return [{ position: menu.position, item: { label: menu.label, href, ...(menu.end ? { end: true } : {}) } }];
    })
    .sort((a, b) => a.position - b.position)
    .map(({ item }) => item);
}
