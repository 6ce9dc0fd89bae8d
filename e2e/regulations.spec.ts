import { writeFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { minimalPdf } from '../apps/api/src/lib/minimal-pdf';
import { ACCOUNTS } from './support/accounts';
import { apiToken } from './support/api';
import { loginAs } from './support/login';

// Tests run in parallel on one database: every test makes its own norms, with numbers and words of its own.
const uniqueNumber = () => 10_000_000 + Math.floor(Math.random() * 89_000_000);
const uniqueWord = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`;

function pdfFile(testInfo: TestInfo, name: string, text: string): string {
  const file = testInfo.outputPath(name);
  writeFileSync(file, minimalPdf([text]));
  return file;
}


type Created = { id: number; version: number; number: number | null };

async function createThroughApi(request: APIRequestContext, token: string, fields: Record<string, string | string[]>, pdf?: Buffer): Promise<Created> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) form.append(`${name}[]`, item);
    else form.append(name, value);
  }
  if (pdf) form.append('pdf_approved', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'norma.pdf');
  const response = await request.post('/api/v1/regulations', { multipart: form, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

async function openAs(browser: Browser, account: { email: string; password: string }, home: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, account);
  await expect(page).toHaveURL(home);
  return page;
}

test('an asesor registers an approved ordinance with its PDF, keywords and a link to an older one, and finds it in the list', async ({ page, request }, testInfo) => {
  const token = await apiToken(request, ACCOUNTS.asesor);
  const olderWord = uniqueWord('antigua');
  const older = await createThroughApi(
    request,
    token,
    { type: 'ordinance', state: 'approved', number: String(uniqueNumber()), authors: ['Luis Paz'], subject: `Tránsito pesado ${olderWord}` },
    minimalPdf(['Ordenanza anterior']),
  );
  const number = uniqueNumber();
  const word = uniqueWord('arbolado');

  await loginAs(page, ACCOUNTS.asesor);
  await expect(page).toHaveURL('/asesor-concejal');
  await page.getByRole('link', { name: 'Cargar normativa', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cargar normativa' })).toBeVisible();

  await page.getByLabel('Tipo', { exact: true }).selectOption('ordinance');
  await page.getByLabel('Estado').selectOption('approved');
  await page.getByLabel('Número').fill(String(number));
  await page.getByLabel('Autores', { exact: true }).fill('Lucía Fernández');
  await page.getByLabel('Autores', { exact: true }).press('Enter');
  await page.getByLabel('Palabras clave', { exact: true }).fill('arbolado urbano');
  await page.getByRole('button', { name: 'Agregar palabra clave' }).click();
  await page.getByLabel('Palabras clave', { exact: true }).fill('veredas');
  await page.getByLabel('Palabras clave', { exact: true }).press('Enter');
  await page.getByLabel('Tema').fill(`Plan de ${word}`);
  await page.getByLabel('Archivo PDF aprobado').setInputFiles(pdfFile(testInfo, 'aprobada.pdf', `Ordenanza ${number}`));

  const picker = page.getByRole('combobox', { name: 'Normas que modifica' });
  await picker.fill(olderWord);
  await expect(page.getByRole('option', { name: new RegExp(olderWord) })).toBeVisible();
  await picker.press('ArrowDown');
  await picker.press('Enter');
  await expect(page.getByRole('button', { name: `Quitar Ordenanza N° ${older.number}` })).toBeVisible();

  await page.getByRole('button', { name: 'Cargar normativa', exact: true }).click();
  await expect(page.getByText('Normativa creada correctamente.')).toBeVisible();
  await expect(page.getByLabel('Tema')).toHaveValue('');

  await page.goto(`/asesor-concejal?numberSearch=${number}`);
  await expect(page.getByText('Mostrando 1 - 1 de 1 normativas totales.')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: `Plan de ${word}` });
  await expect(row).toContainText('Aprobado');
  await expect(row).toContainText('Lucía Fernández');
  await row.getByRole('link', { name: `Detalles de Ordenanza N° ${number}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Ordenanza N° ${number}` })).toBeVisible();
  await expect(page.getByText('arbolado urbano, veredas')).toBeVisible();
  await expect(page.getByRole('link', { name: `Ordenanza N° ${older.number}` })).toHaveAttribute('href', `/asesor-concejal/detalles/${older.id}`);
});

test('a concejal files a project without any way to approve it; an admin edits it and the history shows the changes', async ({ browser }) => {
  const word = uniqueWord('proyecto');
  const concejal = await openAs(browser, ACCOUNTS.concejal, '/asesor-concejal');
  await concejal.goto('/asesor-concejal/cargar-normativa');
  await expect(concejal.getByRole('heading', { level: 1, name: 'Cargar normativa' })).toBeVisible();
  await expect(concejal.getByLabel('Estado')).toHaveCount(0);
  await expect(concejal.getByLabel('Palabras clave', { exact: true })).toHaveCount(0);
  await expect(concejal.getByRole('option', { name: 'Correspondencia' })).toHaveCount(0);
  await concejal.getByLabel('Tipo', { exact: true }).selectOption('resolution');
  await expect(concejal.getByLabel('Tipo de autor')).toBeDisabled();
  const ownName = `${ACCOUNTS.concejal.name} ${ACCOUNTS.concejal.lastName}`;
  await expect(concejal.getByRole('list', { name: 'Lista de autores' })).toContainText(ownName);
  await expect(concejal.getByRole('button', { name: `Quitar autor ${ownName}` })).toHaveCount(0);
  await concejal.getByLabel('Tema').fill(`Pedido de luminarias ${word}`);
  await concejal.getByRole('button', { name: 'Cargar normativa', exact: true }).click();
  await expect(concejal.getByText('Normativa creada correctamente.')).toBeVisible();

  await concejal.goto(`/asesor-concejal?search=${word}`);
  const row = concejal.getByRole('row').filter({ hasText: word });
  await expect(row).toContainText('En proceso');
  await row.getByRole('link', { name: /^Modificar/ }).click();
  await expect(concejal.getByRole('heading', { level: 1, name: /Modificar normativa/ })).toBeVisible();
  await expect(concejal.getByLabel('Estado')).toBeDisabled();
  const id = concejal.url().split('/').pop();
  await concejal.context().close();

  const admin = await openAs(browser, ACCOUNTS.admin, '/admin');
  await admin.goto(`/admin/modificar-normativa/${id}`);
  // Read-only, it reads as text: no field border, nothing that looks editable.
  const creationDate = admin.getByLabel('Fecha de creación');
  await expect(creationDate).toHaveAttribute('readonly', '');
  await expect(creationDate).toHaveClass(/form-control-plaintext/);
  const look = await creationDate.evaluate((input) => [getComputedStyle(input).borderTopColor, getComputedStyle(input).backgroundColor]);
  expect(look, 'no visible border nor field background').toEqual(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)']);
  await expect(admin.getByLabel('Tipo', { exact: true })).toBeDisabled();
  await admin.getByLabel('Tema').fill(`Luminarias LED ${word}`);
  await admin.getByLabel('Palabras clave', { exact: true }).fill('alumbrado');
  await admin.getByLabel('Palabras clave', { exact: true }).press('Enter');
  await admin.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(admin.getByText('Normativa modificada correctamente.')).toBeVisible();

  await admin.goto(`/admin/detalles/${id}`);
  const toggle = admin.getByRole('button', { name: 'Mostrar historial' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(admin.getByRole('button', { name: 'Ocultar historial' })).toHaveAttribute('aria-expanded', 'true');
  const history = admin.getByRole('table');
  await expect(history.getByRole('row').filter({ hasText: 'Tema' })).toContainText(`Luminarias LED ${word}`);
  await expect(history.getByRole('row').filter({ hasText: 'Palabra clave agregada' })).toContainText('alumbrado');
  await expect(history).toContainText(`${ACCOUNTS.admin.name} ${ACCOUNTS.admin.lastName}`);
  await admin.context().close();
});

test('an admin loads an old regulation and an asesor deletes it from the list after confirming', async ({ browser }, testInfo) => {
  const number = uniqueNumber();
  const admin = await openAs(browser, ACCOUNTS.admin, '/admin');
  await admin.goto('/admin/cargar-normativa');
  await admin.getByRole('link', { name: 'Cargar normativa antigua' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Cargar normativa antigua' })).toBeVisible();
  await admin.getByRole('button', { name: 'Cargar normativa antigua' }).click();
  await expect(admin.getByRole('alert')).toContainText('❌ Debe seleccionar un archivo PDF.');
  await admin.getByLabel('Fecha').fill('1998-07-15');
  await admin.getByLabel('Tipo', { exact: true }).selectOption('ordinance');
  await admin.getByLabel('Número').fill(String(number));
  await admin.getByLabel('Palabras clave', { exact: true }).fill('tasas');
  await admin.getByLabel('Palabras clave', { exact: true }).press('Enter');
  await admin.getByLabel('Archivo PDF').setInputFiles(pdfFile(testInfo, 'antigua.pdf', `Ordenanza ${number}`));
  await admin.getByRole('button', { name: 'Cargar normativa antigua' }).click();
  await expect(admin.getByText('Normativa antigua cargada correctamente.')).toBeVisible();
  await admin.context().close();

  const asesor = await openAs(browser, ACCOUNTS.asesor, '/asesor-concejal');
  await asesor.goto(`/asesor-concejal?numberSearch=${number}&type=ordinance`);
  const row = asesor.getByRole('row').filter({ hasText: String(number) });
  await expect(row).toContainText('15/07/1998');
  await expect(row.getByRole('link', { name: /^(Modificar|Detalles)/ })).toHaveCount(0);
  await row.getByRole('button', { name: `Eliminar Ordenanza N° ${number}` }).click();
  const dialog = asesor.getByRole('dialog');
  await expect(dialog).toContainText('¿Estás seguro de que deseas eliminar esta normativa?');
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(asesor.getByText('Normativa eliminada correctamente.')).toBeVisible();
  await expect(asesor.getByText('No se encontraron resultados.')).toBeVisible();
  await asesor.context().close();
});

test('the list, the create form, the edit form and the detail page have no WCAG 2.1 A/AA violations', async ({ page, request }) => {
  const token = await apiToken(request, ACCOUNTS.admin);
  const word = uniqueWord('accesible');
  const created = await createThroughApi(request, token, { type: 'ordinance', authors: ['Eva Díaz'], keywords: ['plazas'], subject: `Plazas ${word}` });
  const form = new FormData();
  form.append('changes', JSON.stringify({ subject: `Plazas y parques ${word}` }));
  form.append('version', String(created.version));
  const updated = await request.post(`/api/v1/regulations/${created.id}`, { multipart: form, headers: { Authorization: `Bearer ${token}` } });
  expect(updated.status()).toBe(200);

  await loginAs(page, ACCOUNTS.admin);
  await expect(page).toHaveURL('/admin');
  await expect(page.getByText(/Mostrando \d+ - \d+ de \d+ normativas totales\./)).toBeVisible();
  await expectNoViolations(page);

  await page.goto('/admin/cargar-normativa');
  await page.getByLabel('Tipo', { exact: true }).selectOption('ordinance');
  await page.getByLabel('Estado').selectOption('approved');
  await page.getByRole('button', { name: 'Cargar normativa', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoViolations(page);

  await page.goto(`/admin/modificar-normativa/${created.id}`);
  await expect(page.getByLabel('Tema')).toHaveValue(`Plazas y parques ${word}`);
  await page.getByRole('combobox', { name: 'Normas que modifica' }).fill('plaz');
  await expectNoViolations(page);

  await page.goto(`/admin/detalles/${created.id}`);
  await page.getByRole('button', { name: 'Mostrar historial' }).click();
  await expect(page.getByRole('table')).toContainText('Tema');
  await expectNoViolations(page);
});

test('the staff list keeps each row to one line of actions at desktop width, each with its accessible name', async ({ browser }) => {
  const admin = await openAs(browser, ACCOUNTS.asesor, '/asesor-concejal');
  await admin.setViewportSize({ width: 1280, height: 900 });
  const table = admin.getByRole('table', { name: 'Normativas' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const rows = await table.locator('tbody tr').all();
  expect(rows.length).toBeGreaterThan(5);
  for (const row of rows) {
    const actions = row.locator('.regulation-actions');
    const buttons = await actions.locator('a, button').all();
    if (buttons.length === 0) continue;
    const tops = await Promise.all(buttons.map(async (button) => (await button.boundingBox())!.y));
    expect(new Set(tops.map(Math.round)).size, 'the actions of a row sit on one line').toBe(1);
    for (const button of buttons) expect(await button.getAttribute('aria-label')).toMatch(/^(PDF de|Modificar|Eliminar|Detalles de) /);
  }
  // A page of 15 rows was about 2,400 px tall with the actions stacked three high.
  const height = (await table.boundingBox())!.height;
  console.log(`staff list at 1280 px: ${rows.length} rows, ${Math.round(height)} px`);
  await admin.screenshot({ path: test.info().outputPath('staff-list-1280.png'), fullPage: true });
  await admin.context().close();
});
