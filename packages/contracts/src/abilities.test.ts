import { describe, expect, it } from 'vitest';
import { ABILITIES, can, type Ability } from './abilities.js';
import { ROLES, type Role } from './roles.js';

// DESIGN.md section 7, row by row, in its column order: admin, asesor, mesa, concejal, ejecutivo, cm, user.
const COLUMNS: Role[] = ['admin', 'asesor', 'mesa', 'concejal', 'ejecutivo', 'cm', 'user'];
const DESIGN_TABLE: Record<Ability, string> = {
  'regulations.read': 'yes yes yes yes yes no no',
  'regulations.create': 'yes yes yes yes yes no no',
  'regulations.link': 'yes yes no no no no no',
  'regulations.update': 'yes yes yes yes no no no',
  'regulations.setDemType': 'yes yes no no no no no',
  'oldRegulations.create': 'yes no no no no no no',
  'oldRegulations.delete': 'yes yes no no no no no',
  'dayOrders.create': 'yes yes no no no no no',
  'dayOrders.summaries': 'yes yes no yes yes no no',
  'dayOrders.delete': 'yes no no no no no no',
  'users.manage': 'yes no no no no no no',
  'content.manage': 'no no no no no yes no',
  'account.self': 'yes yes yes yes yes yes yes',
};

describe('the roles table', () => {
  it('has exactly the abilities of DESIGN.md section 7', () => {
    expect(Object.keys(ABILITIES).sort()).toEqual(Object.keys(DESIGN_TABLE).sort());
  });

  it.each(Object.entries(DESIGN_TABLE) as [Ability, string][])('%s is granted as DESIGN.md says', (ability, row) => {
    const expected = row.split(' ').map((cell) => cell === 'yes');
    expect(COLUMNS.map((role) => can(role, ability))).toEqual(expected);
  });

  it('grants nothing without a role', () => {
    expect(can(null, 'account.self')).toBe(false);
    expect(can(undefined, 'regulations.read')).toBe(false);
  });

  it('knows every role', () => {
    expect([...ROLES].sort()).toEqual([...COLUMNS].sort());
  });
});
