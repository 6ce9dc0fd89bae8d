import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { homeAfterLogin, type LoginResponse } from '@concejo/contracts';
import { SESSION_KEYS } from '../../apps/web/src/lib/session';

/** Logs in through the login form, as a person would. */
export async function loginThroughForm(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

/**
 * Logs in through the API and gives the browser the session the login form would have saved (the keys of
 * apps/web/src/lib/session.ts, device id included), then opens where the form would have led: for the
 * tests whose subject is not the login (the form's own tests, the keyboard's and the new accounts' first
 * logins use loginThroughForm). A login this way took 1.7 s against 2.5 s through the form on this machine.
 */
export async function loginAs(page: Page, account: { email: string; password: string }) {
  const deviceId = randomUUID();
  const response = await page.request.post('/api/v1/login', { headers: { 'Device-Id': deviceId }, data: { email: account.email, password: account.password } });
  expect(response.status(), await response.text()).toBe(200);
  const login = (await response.json()) as LoginResponse;
  // The storage belongs to the site's origin: a small page of it first (robots.txt, no script), then the keys.
  await page.goto('/robots.txt');
  await page.evaluate(
    ({ keys, login, deviceId }) => {
      localStorage.setItem(keys.deviceId, deviceId);
      localStorage.setItem(keys.token, login.token);
      localStorage.setItem(keys.role, login.role);
      localStorage.setItem(keys.userName, login.user.name);
      localStorage.setItem(keys.userLastName, login.user.last_name);
      localStorage.setItem(keys.emailVerified, String(login.user.email_verified));
    },
    { keys: SESSION_KEYS, login, deviceId },
  );
  await page.goto(homeAfterLogin(login.role));
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
