/** Every role the council's accounts can have. `user` is a registered citizen without a panel. */
export const ROLES = ['admin', 'asesor', 'ejecutivo', 'mesa', 'concejal', 'cm', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** Labels shown to staff (spec section 3, "Admin UI labels"). */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrador',
  asesor: 'Asesor',
  mesa: 'Mesa de Entrada',
  concejal: 'Concejal',
  ejecutivo: 'Ejecutivo',
  cm: 'Redes (CM)',
  user: 'Usuario',
};

export const PANELS = ['/admin', '/asesor-concejal', '/ejecutivo', '/cm'] as const;
export type Panel = (typeof PANELS)[number];

/** The "role base used for links" of spec 2.2: where each role's panel lives; `user` has none. */
export const PANEL_BY_ROLE: Record<Role, Panel | null> = {
  admin: '/admin',
  asesor: '/asesor-concejal',
  mesa: '/asesor-concejal',
  concejal: '/asesor-concejal',
  ejecutivo: '/ejecutivo',
  cm: '/cm',
  user: null,
};

/** Roles each protected route group accepts (spec 2.2). */
export const PANEL_ROLES: Record<Panel, readonly Role[]> = {
  '/admin': ['admin'],
  '/asesor-concejal': ['concejal', 'asesor', 'mesa'],
  '/ejecutivo': ['ejecutivo'],
  '/cm': ['cm'],
};

export function panelFor(role: Role): Panel | null {
  return PANEL_BY_ROLE[role];
}

/**
 * Where a successful login lands. The reference product sent ejecutivo to `/`; every staff role
 * lands in its own panel here (DESIGN.md: known defects are fixed), `user` goes home.
 */
export function homeAfterLogin(role: Role): string {
  return PANEL_BY_ROLE[role] ?? '/';
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
