import { can, PANEL_BY_ROLE, type Role } from '@concejo/contracts';
import { paths } from '../../lib/paths';

export type StaffMenuItem = {
  label: string;
  href: string;
  /** Active only on this exact path (a panel's root would otherwise be active everywhere inside it). */
  end?: boolean;
};

/**
 * The offcanvas menu of spec 2.4, item by item, from the abilities table: the menu offers exactly
 * what the API would allow the role to do.
 */
export function staffMenuItems(role: Role | null): StaffMenuItem[] {
  const base = role ? PANEL_BY_ROLE[role] : null;
  if (!role || !base) return [];
  const items: StaffMenuItem[] = [];
  if (can(role, 'regulations.read')) {
    items.push({ label: 'Ver Normativas', href: paths.panel.root.getHref(base), end: true });
  }
  if (can(role, 'regulations.create')) {
    items.push({ label: 'Cargar normativa', href: paths.panel.regulationCreate.getHref(base) });
  }
  if (can(role, 'dayOrders.summaries')) {
    items.push({ label: 'Resumen de sesión', href: paths.panel.sessionSummaries.getHref(base) });
  }
  if (can(role, 'users.manage')) {
    items.push({ label: 'Gestionar Usuarios', href: paths.panel.usersManage.getHref('/admin') });
    items.push({ label: 'Suscripciones a avisos', href: paths.panel.subscriptionCounts.getHref('/admin') });
  }
  if (can(role, 'dayOrders.create')) {
    items.push({ label: 'Gestionar Órdenes del día', href: paths.panel.dayOrderList.getHref(base) });
  }
  if (can(role, 'content.manage')) {
    items.push(
      { label: 'Gestionar Banners', href: paths.panel.root.getHref('/cm'), end: true },
      { label: 'Gestionar Noticias', href: paths.panel.newsManage.getHref('/cm') },
      { label: 'Cargar Contactos', href: paths.panel.contactsUpload.getHref('/cm') },
    );
  }
  return items;
}
