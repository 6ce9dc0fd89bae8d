import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { councilDay, DEFAULT_COUNCIL_TIME_ZONE } from '../packages/contracts/src/council-time';
import { informalForms } from '../packages/contracts/src/reader-voice';
import { ACCOUNTS } from './support/accounts';
import { apiToken, registerAgenda, registerNorm, uniqueNumber } from './support/api';
import { expectNoViolations } from './support/axe';
import { loginAs } from './support/login';

// What a new user stumbled on (issue 32), held in Chromium: the words of the public pages, what a list
// says past its last page, the agendas' filter by the session's day, the staff screens at 320 px and
// their forms' messages. Tests run in parallel on one database: each makes its own data.

/** Everything the page says to a reader: its title, its description and its text. */
async function readerText(page: Page): Promise<string> {
  return page.evaluate(() => [document.title, document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '', document.body.innerText].join('\n'));
}

/** Nothing wider than the screen: the page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, width } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scrollWidth, `${page.url()} is ${scrollWidth} px wide on a ${width} px screen`).toBeLessThanOrEqual(width);
}

test('every public page, the account pages included, addresses the reader as usted', async ({ page, request }) => {
  test.slow(); // sixteen pages
  const news = (await (await request.get('/api/v1/news/published')).json()) as { id: number }[];
  const pages = [
    '/',
    `/noticia/${news[0]!.id}`,
    '/normativas',
    '/normativas?search=tránsito',
    '/normativas/ordenanza/2847',
    '/ver-orden-dia',
    '/accesibilidad',
    '/datos',
    '/login',
    '/forgot-password',
    '/password-reset/un-token?email=vecina%40example.org',
    '/verified/error',
    '/suscripcion/confirmada',
    '/suscripcion/error',
    '/suscripcion/baja',
    '/una-pagina-que-no-existe',
  ];
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(informalForms(await readerText(page)), path).toEqual([]);
  }
});

test("a norm's legal force agrees with its type: «Decreto … Derogado parcialmente», «Ordenanza … Derogada»", async ({ page, request }) => {
  const token = await apiToken(request, ACCOUNTS.admin);
  const decreeNumber = uniqueNumber();
  const decree = await registerNorm(request, token, { type: 'decree', state: 'approved', number: String(decreeNumber), subject: `Reglamento de ferias ${randomUUID().slice(0, 6)}` }, 'Decreto');
  await registerNorm(request, token, { state: 'approved', number: String(uniqueNumber()), subject: 'Modifica el reglamento de ferias', partially_repeals: [String(decree.id)] }, 'Ordenanza');

  await page.goto(`/normativas/decreto/${decreeNumber}`);
  await expect(page.getByRole('heading', { level: 1, name: `Decreto N° ${decreeNumber}` })).toBeVisible();
  await expect(page.locator('header .legal-force-badge')).toHaveText('Derogado parcialmente');
  await expect(page).toHaveTitle(new RegExp(`^Decreto N° ${decreeNumber} \\(Derogado parcialmente\\)`));
  await page.goto(`/normativas?numberSearch=${decreeNumber}&type=decree`);
  await expect(page.getByRole('row').filter({ hasText: String(decreeNumber) }).locator('.legal-force-badge')).toHaveText('Derogado parcialmente');
  // An ordinance stays feminine.
  await page.goto('/normativas/ordenanza/1502');
  await expect(page.locator('header .legal-force-badge')).toHaveText('Derogada');
});

for (const width of [320, 1280]) {
  test(`a page past the end of a public list says there is no such page and keeps its pager (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/normativas?page=9999');
    const results = page.getByRole('region', { name: 'Resultados' });
    await expect(results).toContainText(/No existe la página 9999 de esta lista: llega hasta la página \d+\./);
    const pager = page.getByRole('navigation', { name: 'Paginación de normativas' });
    await expect(pager.getByRole('link', { name: 'Página anterior' })).toBeVisible();
    await expectNoViolations(page);
    await pager.getByRole('link', { name: 'Última página' }).click();
    await expect(page).toHaveURL(/[?&]page=\d+/);
    await expect(page).not.toHaveURL(/page=9999/);
    await expect(results.getByRole('row').nth(1)).toBeVisible();

    await page.goto('/ver-orden-dia?page=9999');
    await expect(page.getByText(/No existe la página 9999 de esta lista: llega hasta la página \d+\./)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Paginación de órdenes del día' }).getByRole('link', { name: 'Última página' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
}

test("the agendas filter by the day of their session, not the day they were made: December's sessions in December", async ({ page, request }) => {
  const token = await apiToken(request, ACCOUNTS.asesor);
  // A December far ahead that no other test uses, made today.
  const year = 2090 + Math.floor(Math.random() * 9);
  const { pdf_path: pdfPath } = await registerAgenda(request, token, { date: `${year}-12-03T19:00`, acta: '4' });

  await page.goto('/ver-orden-dia');
  await page.getByLabel('Desde').fill(`${year}-12-01`);
  await page.getByLabel('Hasta').fill(`${year}-12-31`);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(`/ver-orden-dia?from=${year}-12-01&to=${year}-12-31`);
  const row = page.getByRole('row').filter({ has: page.locator(`a[href="${pdfPath}"]`) });
  await expect(row.getByRole('cell').first()).toContainText(`03/12/${year}, 19:00`);
  // The day it was made (today) finds sessions of today, not this one.
  const today = councilDay(new Date(), DEFAULT_COUNCIL_TIME_ZONE);
  await page.goto(`/ver-orden-dia?from=${today}&to=${today}`);
  await expect(page.locator(`a[href="${pdfPath}"]`)).toHaveCount(0);
});

test('the staff lists fit a 320 px screen, actions included', async ({ browser }) => {
  test.slow(); // two accounts, eight pages
  for (const { account, paths } of [
    { account: ACCOUNTS.admin, paths: ['/admin', '/admin/gestionar-usuarios', '/admin/ordenes-del-dia', '/admin/resumen-sesion', '/admin/suscripciones'] },
    { account: ACCOUNTS.cm, paths: ['/cm', '/cm/gestionar-noticias'] },
  ]) {
    const context = await browser.newContext({ viewport: { width: 320, height: 720 } });
    const page = await context.newPage();
    await loginAs(page, account);
    await page.waitForURL(/\/(admin|cm)$/);
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status').or(page.getByRole('table')).or(page.getByRole('list')).first()).toBeVisible();
      await expectNoSidewaysScroll(page);
    }
    if (account === ACCOUNTS.admin) {
      // Every action of the registry's first card is on screen, 'Detalles' the last of them.
      await page.goto('/admin');
      const details = page.getByRole('link', { name: /^Detalles de / }).first();
      await expect(details).toBeVisible();
      const box = (await details.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(320);
      await expectNoViolations(page);
    }
    await context.close();
  }
});

test("the staff list's «Hasta» before «Desde» says so under the field instead of an empty list", async ({ page }) => {
  await loginAs(page, ACCOUNTS.asesor);
  await expect(page).toHaveURL('/asesor-concejal');
  await expect(page.getByText(/^Mostrando \d+ - \d+ de/)).toBeVisible();
  await page.getByLabel('Desde').fill('2026-12-10');
  await page.getByLabel('Hasta').fill('2026-12-01');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const to = page.getByLabel('Hasta');
  await expect(to).toHaveAccessibleDescription('La fecha «Hasta» no puede ser anterior a «Desde».');
  await expect(to).toBeFocused();
  await expect(page).toHaveURL('/asesor-concejal');
  await expectNoViolations(page);
  await to.fill('2026-12-31');
  await expect(to).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL('/asesor-concejal?from=2026-12-10&to=2026-12-31');
});

test("the old-regulation form answers a file that is not a PDF with spec 5's message, also after a failed submit", async ({ page }) => {
  await loginAs(page, ACCOUNTS.admin);
  await expect(page).toHaveURL('/admin');
  await page.goto('/admin/cargar-normativa-antigua');
  await page.getByRole('button', { name: 'Cargar normativa antigua' }).click();
  const pdf = page.getByLabel('Archivo PDF');
  await expect(pdf).toHaveAccessibleDescription('❌ Debe seleccionar un archivo PDF.');
  await pdf.setInputFiles({ name: 'nota.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
  await expect(pdf).toHaveAccessibleDescription('❌ Solo se permiten archivos PDF.');
  // It stays: the form's own check of the emptied field does not come back over it.
  await page.getByLabel('Número').fill('12');
  await expect(pdf).toHaveAccessibleDescription('❌ Solo se permiten archivos PDF.');
  await expectNoViolations(page);
});
