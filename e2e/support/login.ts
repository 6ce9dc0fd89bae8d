import { expect, type Page } from '@playwright/test';

/** Logs in through the login form, as a person would. */
export async function loginThroughForm(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

/** The labels of the links in the staff offcanvas menu, in order. */
export async function staffMenuItems(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const menu = page.getByRole('dialog');
  await expect(menu).toBeVisible();
  return (await menu.getByRole('navigation').getByRole('link').allInnerTexts()).map((text) => text.trim());
}
