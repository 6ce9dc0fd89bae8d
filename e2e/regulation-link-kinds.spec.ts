import { writeFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { minimalPdf } from '../apps/api/src/lib/minimal-pdf';
import { ACCOUNTS } from './support/accounts';
import { apiToken } from './support/api';
import { expectNoViolations } from './support/axe';
import { loginAs } from './support/login';

// Tests run in parallel on one database: the norms here have numbers and words of their own.
const uniqueNumber = () => 10_000_000 + Math.floor(Math.random() * 89_000_000);
const uniqueWord = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`;

const SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function createOrdinance(request: APIRequestContext, token: string, fields: Record<string, string>, pdf?: Buffer): Promise<{ id: number; number: number | null }> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ type: 'ordinance', ...fields })) form.append(name, value);
  form.append('authors[]', 'Eva Díaz');
  if (pdf) form.append('pdf_approved', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'norma.pdf');
  const response = await request.post('/api/v1/regulations', { multipart: form, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

/** Nothing wider than the screen: the page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test('an admin links a norm to another as "Deroga", approves it, and the repealed one reads Derogada with the link and its kind', async ({ page, request }, testInfo) => {
  const token = await apiToken(request, ACCOUNTS.admin);
  const word = uniqueWord('derogable');
  const repealedNumber = uniqueNumber();
  const repealed = await createOrdinance(request, token, { state: 'approved', number: String(repealedNumber), subject: `Tránsito pesado ${word}` }, minimalPdf(['Ordenanza A']));
  const repealing = await createOrdinance(request, token, { subject: `Nuevo régimen de tránsito ${word}` });
  const repealingNumber = uniqueNumber();

  await loginAs(page, ACCOUNTS.admin);
  await expect(page).toHaveURL('/admin');

  // B, still a project, is linked to A as "Deroga" and approved in the same save.
  await page.goto(`/admin/modificar-normativa/${repealing.id}`);
  const picker = page.getByRole('combobox', { name: 'Normas que modifica' });
  await picker.fill(word);
  await expect(page.getByRole('option', { name: new RegExp(`Tránsito pesado ${word}`) })).toBeVisible();
  await picker.press('ArrowDown');
  await picker.press('Enter');
  const kind = page.getByRole('combobox', { name: `Relación con Ordenanza N° ${repealedNumber}` });
  await expect(kind).toHaveValue('modifies');
  await kind.selectOption({ label: 'Deroga' });
  await page.getByLabel('Estado').selectOption('approved');
  await page.getByLabel('Número', { exact: true }).fill(String(repealingNumber));
  const pdf = testInfo.outputPath('derogatoria.pdf');
  writeFileSync(pdf, minimalPdf([`Ordenanza ${repealingNumber}`]));
  await page.getByLabel('Archivo PDF aprobado').setInputFiles(pdf);
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Normativa modificada correctamente.')).toBeVisible();

  // A now reads Derogada, and says by which norm; B says what it does to A.
  await page.goto(`/admin/detalles/${repealed.id}`);
  await expect(page.getByText('Vigencia:')).toHaveText('Vigencia: Derogada');
  const incoming = page.getByRole('link', { name: `Ordenanza N° ${repealingNumber}` });
  await expect(incoming).toHaveAttribute('href', `/admin/detalles/${repealing.id}`);
  // The links as the detail's facts list them (the Vigencia section below names them again, with their notes).
  const facts = page.locator('dl.regulation-details');
  await expect(facts.getByRole('listitem').filter({ has: incoming })).toHaveText(`Derogada por: Ordenanza N° ${repealingNumber} – Nuevo régimen de tránsito ${word}`);
  await incoming.click();
  await expect(page.getByRole('heading', { level: 1, name: `Ordenanza N° ${repealingNumber}` })).toBeVisible();
  await expect(page.getByText('Vigencia:')).toHaveText('Vigencia: Vigente');
  await expect(facts.getByRole('listitem').filter({ hasText: `Ordenanza N° ${repealedNumber}` })).toHaveText(`Deroga: Ordenanza N° ${repealedNumber} – Tránsito pesado ${word}`);

  // The staff list shows it too, under the state.
  await page.goto(`/admin?numberSearch=${repealedNumber}`);
  await expect(page.getByRole('row').filter({ hasText: `Tránsito pesado ${word}` })).toContainText('AprobadoVigencia: Derogada');
});

// A second test for the looks (the first one's flow and six axe checks together took 66-72 s of the
// suite's 90 in clean-clone CI runs): the same two norms, linked through the API.
test('the form with its kinds, the detail and the list fit a phone and a desktop and pass axe', async ({ page, request }) => {
  const token = await apiToken(request, ACCOUNTS.admin);
  const word = uniqueWord('derogable');
  const repealedNumber = uniqueNumber();
  const repealed = await createOrdinance(request, token, { state: 'approved', number: String(repealedNumber), subject: `Tránsito pesado ${word}` }, minimalPdf(['Ordenanza A']));
  const repealing = await createOrdinance(request, token, { state: 'approved', number: String(uniqueNumber()), subject: `Nuevo régimen de tránsito ${word}`, 'repeals[]': String(repealed.id) }, minimalPdf(['Ordenanza B']));
  await loginAs(page, ACCOUNTS.admin);
  await expect(page).toHaveURL('/admin');

  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto(`/admin/modificar-normativa/${repealing.id}`);
    await expect(page.getByRole('combobox', { name: `Relación con Ordenanza N° ${repealedNumber}` })).toHaveValue('repeals');
    await expectNoSidewaysScroll(page, size.width);
    await expectNoViolations(page);

    await page.goto(`/admin/detalles/${repealed.id}`);
    await expect(page.getByText('Vigencia:')).toHaveText('Vigencia: Derogada');
    await expectNoSidewaysScroll(page, size.width);
    await expectNoViolations(page);

    await page.goto(`/admin?numberSearch=${repealedNumber}`);
    await expect(page.getByRole('row').filter({ hasText: `Tránsito pesado ${word}` })).toContainText('Derogada');
    await expectNoSidewaysScroll(page, size.width);
    await expectNoViolations(page);
  }
});
