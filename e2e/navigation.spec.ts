import { expect, test } from '@playwright/test';
import { ACCOUNTS } from './support/accounts';
import { expectNoViolations } from './support/axe';
import { loginThroughForm, publicNavbar } from './support/login';

test.describe('logged out', () => {
  test('the public navbar offers Home, Normativas, Orden del Día and Acceso a funcionarios', async ({ page }) => {
    await page.goto('/');
    const nav = await publicNavbar(page);
    for (const name of ['Home', 'Normativas', 'Orden del Día', 'Acceso a funcionarios']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await nav.getByRole('link', { name: 'Acceso a funcionarios' }).click();
    await expect(page).toHaveURL('/login');
  });

  for (const path of ['/admin', '/asesor-concejal/cargar-normativa', '/ejecutivo/resumen-sesion', '/cm/gestionar-noticias']) {
    test(`the guard sends a visitor without a token from ${path} to /`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL('/');
    });
  }

  test('a client route survives a reload (the server answers index.html)', async ({ page }) => {
    await page.goto('/normativas');
    await page.reload();
    await expect(page).toHaveURL('/normativas');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('/verified/error explains the failure', async ({ page }) => {
    await page.goto('/verified/error');
    await expect(page.getByText('Error en la verificación del email')).toBeVisible();
  });

  test('/password-reset without an email goes to /login', async ({ page }) => {
    await page.goto('/password-reset/un-token');
    await expect(page).toHaveURL('/login');
  });
});

test.describe('logged in with the wrong role', () => {
  test('the guard sends a cm away from /admin and a mesa away from /cm', async ({ page }) => {
    await loginThroughForm(page, ACCOUNTS.cm);
    await expect(page).toHaveURL('/cm');
    await page.goto('/admin/gestionar-usuarios');
    await expect(page).toHaveURL('/');

    await loginThroughForm(page, ACCOUNTS.mesa);
    await expect(page).toHaveURL('/asesor-concejal');
    await page.goto('/cm');
    await expect(page).toHaveURL('/');
    await page.goto('/ejecutivo');
    await expect(page).toHaveURL('/');
  });

  test('a staff member sees the panel link instead of Acceso a funcionarios on public pages', async ({ page }) => {
    await loginThroughForm(page, ACCOUNTS.asesor);
    await expect(page).toHaveURL('/asesor-concejal');
    await page.goto('/');
    const nav = await publicNavbar(page);
    const panelLink = nav.getByRole('link', { name: 'Mi panel' });
    await expect(panelLink).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Acceso a funcionarios' })).toHaveCount(0);
    await panelLink.click();
    await expect(page).toHaveURL('/asesor-concejal');
  });
});

test('an expired or revoked token sends the user to /login on the next call', async ({ page, request }) => {
  await loginThroughForm(page, ACCOUNTS.asesor);
  await expect(page).toHaveURL('/asesor-concejal');
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  // The panel is closed (a call of its own answered 401 would end the session before the next page
  // reads it), then the token is revoked behind the browser's back, as an expiry would.
  await page.goto('about:blank');
  await request.post('/api/v1/logout', { headers: { authorization: `Bearer ${token}` } });
  // The page's first call answers 401 and the app leaves for the login page, itself a document: the
  // navigation is only waited for until it starts, since the app replaces the page before it loads.
  await page.goto('/asesor-concejal/profile', { waitUntil: 'commit' });
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const width of [320, 390]) {
    test(`a phone of ${width} px opens the menu and reaches Normativas and Orden del Día`, async ({ page, browser }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Navegación principal' });
      await expect(nav.getByRole('link', { name: 'Normativas', exact: true })).toBeHidden();
      // The menu button is a link to the menu, which opens as the page's target.
      await nav.getByRole('link', { name: 'Abrir navegación' }).click();
      await expect(nav.getByRole('link', { name: 'Normativas', exact: true })).toBeVisible();
      await nav.getByRole('link', { name: 'Normativas', exact: true }).click();
      await expect(page).toHaveURL('/normativas');
      await expect(page.getByRole('heading', { level: 1, name: 'Normativas' })).toBeVisible();

      await nav.getByRole('link', { name: 'Abrir navegación' }).click();
      await nav.getByRole('link', { name: 'Orden del Día' }).click();
      await expect(page).toHaveURL('/ver-orden-dia');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      // The same bar once the script runs: its link is the menu's button (axe needs a script to read the page).
      const scriptContext = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled: true });
      const withScript = await scriptContext.newPage();
      await withScript.goto('/#public-navbar-links');
      const scripted = withScript.getByRole('navigation', { name: 'Navegación principal' });
      const toggle = scripted.getByRole('button', { name: 'Abrir navegación' });
      // Arriving at the menu's address opens it, and the button says so.
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(scripted.getByRole('link', { name: 'Normativas', exact: true })).toBeVisible();
      await expectNoViolations(withScript);
      await toggle.click();
      await expect(scripted.getByRole('link', { name: 'Normativas', exact: true })).toBeHidden();
      await scriptContext.close();
    });
  }
});
