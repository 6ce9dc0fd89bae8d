import type { Role } from '@concejo/contracts';

/** Shared password of the demo accounts; they exist only when DEMO_DATA is on, on a fresh database. */
export const DEMO_PASSWORD = 'Demo-Concejo-2026';
export const DEMO_ADMIN_EMAIL = 'admin@concejo.test';

/** One account per role but admin (the first admin is made apart), documented in the README. */
export const DEMO_USERS: ReadonlyArray<{ role: Exclude<Role, 'admin'>; email: string; name: string; lastName: string }> = [
  { role: 'asesor', email: 'asesor@concejo.test', name: 'Lucía', lastName: 'Fernández' },
  { role: 'mesa', email: 'mesa@concejo.test', name: 'Martín', lastName: 'Gómez' },
  { role: 'concejal', email: 'concejal@concejo.test', name: 'Ana', lastName: 'Rodríguez' },
  { role: 'ejecutivo', email: 'ejecutivo@concejo.test', name: 'Diego', lastName: 'Pereyra' },
  { role: 'cm', email: 'cm@concejo.test', name: 'Sofía', lastName: 'Martínez' },
  { role: 'user', email: 'usuario@concejo.test', name: 'Juan', lastName: 'Pérez' },
];
