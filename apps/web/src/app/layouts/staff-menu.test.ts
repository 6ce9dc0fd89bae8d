import type { Role } from '@concejo/contracts';
import { describe, expect, it } from 'vitest';
import { staffMenuItems } from './staff-menu';

// Spec 2.4, role by role: the labels and where they lead, in order.
const EXPECTED: Record<Role, [string, string][]> = {
  admin: [
    ['Ver Normativas', '/admin'],
    ['Cargar normativa', '/admin/cargar-normativa'],
    ['Resumen de sesión', '/admin/resumen-sesion'],
    ['Gestionar Usuarios', '/admin/gestionar-usuarios'],
    ['Suscripciones a avisos', '/admin/suscripciones'],
    ['Gestionar Órdenes del día', '/admin/ordenes-del-dia'],
  ],
  asesor: [
    ['Ver Normativas', '/asesor-concejal'],
    ['Cargar normativa', '/asesor-concejal/cargar-normativa'],
    ['Resumen de sesión', '/asesor-concejal/resumen-sesion'],
    ['Gestionar Órdenes del día', '/asesor-concejal/ordenes-del-dia'],
  ],
  mesa: [
    ['Ver Normativas', '/asesor-concejal'],
    ['Cargar normativa', '/asesor-concejal/cargar-normativa'],
  ],
  concejal: [
    ['Ver Normativas', '/asesor-concejal'],
    ['Cargar normativa', '/asesor-concejal/cargar-normativa'],
    ['Resumen de sesión', '/asesor-concejal/resumen-sesion'],
  ],
  ejecutivo: [
    ['Ver Normativas', '/ejecutivo'],
    ['Cargar normativa', '/ejecutivo/cargar-normativa'],
    ['Resumen de sesión', '/ejecutivo/resumen-sesion'],
  ],
  cm: [
    ['Gestionar Banners', '/cm'],
    ['Gestionar Noticias', '/cm/gestionar-noticias'],
    ['Cargar Contactos', '/cm/cargar-contactos'],
  ],
  user: [],
};

describe('the staff menu', () => {
  it.each(Object.entries(EXPECTED) as [Role, [string, string][]][])('offers %s exactly its items', (role, expected) => {
    expect(staffMenuItems(role).map((item) => [item.label, item.href])).toEqual(expected);
  });

  it('offers nothing without a role', () => {
    expect(staffMenuItems(null)).toEqual([]);
  });
});
