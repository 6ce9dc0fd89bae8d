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

/** Bootstrap's navbar-expand-lg collapses the public menu below this width. */
const NAVBAR_EXPAND_WIDTH = 992;

/**
 * The public navbar's links, opening the menu first on a phone. The width decides, not whether the
 * toggle is visible yet: before the page has rendered, that check would wrongly skip the click.
 */
export async function publicNavbar(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  if ((page.viewportSize()?.width ?? NAVBAR_EXPAND_WIDTH) < NAVBAR_EXPAND_WIDTH) {
    const toggle = nav.getByRole('button', { name: 'Abrir navegación' });
    // A server-rendered page shows the button before its script has taken over: a click that came
    // too early did nothing, so it is tried again.
    await expect(async () => {
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
    }).toPass();
  }
  return nav;
}
