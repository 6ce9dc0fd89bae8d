import { describe, expect, it } from 'vitest';
import { PANEL_BY_ROLE, PANEL_ROLES, ROLE_LABELS, homeAfterLogin, isRole, panelFor } from './roles.js';

describe('panels', () => {
  it('maps each role to its panel as spec 2.2 says', () => {
    expect(PANEL_BY_ROLE).toEqual({
      admin: '/admin',
      asesor: '/asesor-concejal',
      mesa: '/asesor-concejal',
      concejal: '/asesor-concejal',
      ejecutivo: '/ejecutivo',
      cm: '/cm',
      user: null,
    });
    expect(panelFor('mesa')).toBe('/asesor-concejal');
  });

  it('lets each protected group accept exactly the roles of spec 2.2', () => {
    expect(PANEL_ROLES['/admin']).toEqual(['admin']);
    expect([...PANEL_ROLES['/asesor-concejal']].sort()).toEqual(['asesor', 'concejal', 'mesa']);
    expect(PANEL_ROLES['/ejecutivo']).toEqual(['ejecutivo']);
    expect(PANEL_ROLES['/cm']).toEqual(['cm']);
  });

  it('sends every staff role to its own panel after login, and a citizen home', () => {
    expect(homeAfterLogin('admin')).toBe('/admin');
    expect(homeAfterLogin('concejal')).toBe('/asesor-concejal');
    expect(homeAfterLogin('ejecutivo')).toBe('/ejecutivo');
    expect(homeAfterLogin('cm')).toBe('/cm');
    expect(homeAfterLogin('user')).toBe('/');
  });

  it('labels roles as the admin screens do', () => {
    expect(ROLE_LABELS.mesa).toBe('Mesa de Entrada');
    expect(ROLE_LABELS.cm).toBe('Redes (CM)');
    expect(ROLE_LABELS.user).toBe('Usuario');
  });

  it('recognises roles and nothing else', () => {
    expect(isRole('asesor')).toBe(true);
    expect(isRole('superadmin')).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });
});
