import { expect, test } from '@playwright/test';
import type { Role } from '@concejo/contracts';
import { ACCOUNTS } from './support/accounts';
import { loginThroughForm, staffMenuItems } from './support/login';

// Spec 2.2 and 2.4: where each role lands and exactly which items its staff menu offers.
const EXPECTED: Record<Exclude<Role, 'user'>, { panel: string; items: string[] }> = {
  admin: {
    panel: '/admin',
    items: ['Ver Normativas', 'Cargar normativa', 'Resumen de sesión', 'Gestionar Usuarios', 'Suscripciones a avisos', 'Gestionar Órdenes del día'],
  },
  asesor: {
    panel: '/asesor-concejal',
    items: ['Ver Normativas', 'Cargar normativa', 'Resumen de sesión', 'Gestionar Órdenes del día'],
  },
  mesa: { panel: '/asesor-concejal', items: ['Ver Normativas', 'Cargar normativa'] },
  concejal: { panel: '/asesor-concejal', items: ['Ver Normativas', 'Cargar normativa', 'Resumen de sesión'] },
  ejecutivo: { panel: '/ejecutivo', items: ['Ver Normativas', 'Cargar normativa', 'Resumen de sesión'] },
  cm: { panel: '/cm', items: ['Gestionar Banners', 'Gestionar Noticias', 'Cargar Contactos'] },
};

for (const [role, expected] of Object.entries(EXPECTED) as [Exclude<Role, 'user'>, (typeof EXPECTED)['admin']][]) {
  test(`${role} logs in through the form, lands on ${expected.panel} and sees exactly its menu`, async ({ page }) => {
    await loginThroughForm(page, ACCOUNTS[role]);
    await expect(page).toHaveURL(expected.panel);
    expect(await staffMenuItems(page)).toEqual(expected.items);

    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('authToken'),
      role: localStorage.getItem('role'),
      userName: localStorage.getItem('userName'),
      userLastName: localStorage.getItem('userLastName'),
      emailVerified: localStorage.getItem('email_verified'),
      deviceId: localStorage.getItem('deviceId'),
    }));
    expect(stored).toEqual({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      role,
      userName: ACCOUNTS[role].name,
      userLastName: ACCOUNTS[role].lastName,
      emailVerified: expect.stringMatching(/^(true|false)$/),
      deviceId: expect.any(String),
    });
  });
}

test('a citizen account (user) lands home with the avatar menu offering Perfil and Cerrar Sesión', async ({ page }) => {
  await loginThroughForm(page, ACCOUNTS.user);
  await expect(page).toHaveURL('/');
  const avatar = page.getByRole('button', { name: /Juan Pérez/ });
  await expect(avatar).toBeVisible();
  await expect(page.getByRole('link', { name: 'Acceso a funcionarios' })).toHaveCount(0);
  await avatar.click();
  await expect(page.getByRole('menuitem', { name: 'Perfil' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Cerrar Sesión' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Perfil' }).click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByText('usuario@concejo.test')).toBeVisible();
});

test('a wrong password shows the red toast and stays on /login', async ({ page }) => {
  await loginThroughForm(page, { email: ACCOUNTS.mesa.email, password: 'no-es-la-clave' });
  await expect(page.getByText('Email o contraseña incorrectos.')).toBeVisible();
  await expect(page).toHaveURL('/login');
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
});

test('logout returns to /login, forgets the session and the token stops working', async ({ page, request }) => {
  await loginThroughForm(page, ACCOUNTS.concejal);
  await expect(page).toHaveURL('/asesor-concejal');
  const token = await page.evaluate(() => localStorage.getItem('authToken'));

  await page.getByRole('button', { name: /Ana Rodríguez/ }).click();
  await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();

  await expect(page).toHaveURL('/login');
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  const response = await request.get('/api/v1/user', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(401);
});

test('the staff profile page shows the account read-only', async ({ page }) => {
  await loginThroughForm(page, ACCOUNTS.ejecutivo);
  await expect(page).toHaveURL('/ejecutivo');
  await page.goto('/ejecutivo/profile');
  await expect(page.getByText('ejecutivo@concejo.test')).toBeVisible();
  await expect(page.getByText('Ejecutivo', { exact: true })).toBeVisible();
  await expect(page.getByText('Diego', { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
});
