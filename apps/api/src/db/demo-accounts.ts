import type { Role } from '@concejo/contracts';

export const DEMO_ADMIN_EMAIL = 'admin@concejo.test';

/**
 * One account per role but admin (the first admin is made apart), documented in the README. They exist
 * only when DEMO_DATA is on, on a fresh database, and share one password: DEMO_PASSWORD or one generated
 * and printed at that first start. A production start refuses a database that holds them.
 */
export const DEMO_USERS: ReadonlyArray<{ role: Exclude<Role, 'admin'>; email: string; name: string; lastName: string }> = [
  { role: 'asesor', email: 'asesor@concejo.test', name: 'Lucía', lastName: 'Fernández' },
  { role: 'mesa', email: 'mesa@concejo.test', name: 'Martín', lastName: 'Gómez' },
  { role: 'concejal', email: 'concejal@concejo.test', name: 'Ana', lastName: 'Rodríguez' },
  { role: 'ejecutivo', email: 'ejecutivo@concejo.test', name: 'Diego', lastName: 'Pereyra' },
  { role: 'cm', email: 'cm@concejo.test', name: 'Sofía', lastName: 'Martínez' },
  { role: 'user', email: 'usuario@concejo.test', name: 'Juan', lastName: 'Pérez' },
];
