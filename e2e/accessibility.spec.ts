import { expect, test } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { ACCOUNTS } from './support/accounts';
import { loginThroughForm } from './support/login';


test('the home page has no WCAG 2.1 A/AA violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('main')).toBeVisible();
  await expectNoViolations(page);
});

test('the login page has no WCAG 2.1 A/AA violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  await expectNoViolations(page);
});

test('a panel page, with its menu open, has no WCAG 2.1 A/AA violations', async ({ page }) => {
  await loginThroughForm(page, ACCOUNTS.admin);
  await expect(page).toHaveURL('/admin');
  // The panel is the app's shell until its script has rendered the page: axe reads the page, not the shell.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoViolations(page);
});

test('the profile page has no WCAG 2.1 A/AA violations', async ({ page }) => {
  await loginThroughForm(page, ACCOUNTS.admin);
  await expect(page).toHaveURL('/admin');
  await page.goto('/admin/profile');
  await expect(page.getByText(ACCOUNTS.admin.email)).toBeVisible();
  await expectNoViolations(page);
});

test("the e-mail alerts' pages and an opened alert box have no WCAG 2.1 A/AA violations", async ({ page }) => {
  await page.goto('/normativas?search=arbolado');
  const box = page.getByRole('region', { name: 'Avisarme de nuevas normativas como estas' });
  await box.getByText('Avisarme de nuevas normativas como estas').click();
  await box.getByRole('button', { name: 'Suscribirme' }).click();
  await expect(box.getByText('Escriba su correo electrónico.')).toBeVisible();
  await expectNoViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  for (const [path, heading] of [
    ['/suscripcion/confirmada', 'Suscripción confirmada'],
    ['/suscripcion/error', 'El enlace no es válido'],
    [`/suscripcion/baja?token=a${'0'.repeat(64)}.${'x'.repeat(32)}`, 'Darse de baja'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoViolations(page);
  }
});

test('the accessibility statement has no WCAG 2.1 A/AA violations, and every page links to it', async ({ page }) => {
  await page.goto('/normativas');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Accesibilidad' }).click();
  await expect(page).toHaveURL('/accesibilidad');
  await expect(page.getByRole('heading', { level: 1, name: 'Declaración de accesibilidad' })).toBeVisible();
  await expectNoViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
});

test('the open data page (/datos) has no WCAG 2.1 A/AA violations, fits the screen, and the footer and the search link to it', async ({ page }) => {
  await page.goto('/normativas');
  await expect(page.getByRole('region', { name: 'Datos abiertos' }).getByRole('link', { name: 'Qué contiene cada columna' })).toHaveAttribute('href', '/datos');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Datos abiertos' }).click();
  await expect(page).toHaveURL('/datos');
  await expect(page.getByRole('heading', { level: 1, name: 'Datos abiertos' })).toBeVisible();
  await expect(page.getByRole('table', { name: /recurso Normativa de datos.gob.ar/ }).getByRole('rowheader')).toHaveCount(15);
  await expectNoViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
});
