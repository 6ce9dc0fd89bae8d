import type { Role } from './roles.js';

/**
 * The roles table of DESIGN.md section 7, written once. The API enforces it (every route names the
 * ability it needs); the web app reads it only to hide what the API would refuse.
 * Finer rules that depend on the data (a concejal editing only their own regulations, which fields
 * each role may set) live in the owning module's policy, built on top of these abilities.
 */
export const ABILITIES = {
  'regulations.read': ['admin', 'asesor', 'mesa', 'concejal', 'ejecutivo'],
  'regulations.create': ['admin', 'asesor', 'mesa', 'concejal', 'ejecutivo'],
  'regulations.link': ['admin', 'asesor'],
  'regulations.update': ['admin', 'asesor', 'mesa', 'concejal'],
  'regulations.setDemType': ['admin', 'asesor'],
  'oldRegulations.create': ['admin'],
  'oldRegulations.delete': ['admin', 'asesor'],
  'dayOrders.create': ['admin', 'asesor'],
  'dayOrders.summaries': ['admin', 'asesor', 'concejal', 'ejecutivo'],
  'dayOrders.delete': ['admin'],
  'users.manage': ['admin'],
  'content.manage': ['cm'],
  'account.self': ['admin', 'asesor', 'mesa', 'concejal', 'ejecutivo', 'cm', 'user'],
} as const satisfies Record<string, readonly Role[]>;

export type Ability = keyof typeof ABILITIES;

export function can(role: Role | null | undefined, ability: Ability): boolean {
  return role != null && (ABILITIES[ability] as readonly Role[]).includes(role);
}

export function rolesWith(ability: Ability): readonly Role[] {
  return ABILITIES[ability];
}
