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
