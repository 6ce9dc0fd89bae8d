import { expect, test } from '@playwright/test';
import { ACCOUNTS } from './support/accounts';
import { minimalPdf } from '../apps/api/src/lib/minimal-pdf';
import { apiToken, registerNorm, uniqueNumber, uniqueWord } from './support/api';
import { expectNoViolations } from './support/axe';

// The public digest (issue 15): a norm's own page reached from a search, its links followed, a repeal
// seen on both norms, the Vigencia filter. Runs at desktop and phone widths (playwright.config.ts).
// Tests run in parallel on one database: the norms here have numbers and words of their own.

test('a citizen opens a norm from a search, follows its links, sees a repeal on both norms and filters by legal force', async ({ page, request }) => {
  const token = await apiToken(request, ACCOUNTS.asesor);
  const word = uniqueWord('vigencia');
  const [targetNumber, repealerNumber] = [uniqueNumber(), uniqueNumber()];
  const target = await registerNorm(request, token, { state: 'approved', number: String(targetNumber), subject: `Regula los puestos de ${word} en la plaza`, keywords: ['ferias'] }, `Artículo 1: Los puestos de ${word} funcionarán los sábados.`);
  // A project that repeals it: while in process it changes nothing, and the public never sees it.
  const project = await registerNorm(request, token, { state: 'process', subject: `Deroga el régimen de ${word}`, repeals: [String(target.id)] });

  await page.goto('/normativas');
  await page.getByLabel('Buscar').fill(word);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await page.getByRole('link', { name: `Regula los puestos de ${word} en la plaza` }).click();
  await expect(page).toHaveURL(`/normativas/ordenanza/${targetNumber}`);
  await expect(page.getByRole('heading', { level: 1, name: `Ordenanza N° ${targetNumber}` })).toBeVisible();
  await expect(page.locator('header .legal-force-badge')).toHaveText('Vigente');
  await expect(page.getByRole('region', { name: 'Relación con otras normas' })).toContainText('No hay normas publicadas');
  // The PDF's text is read in the background a moment after the upload: the page shows it once it is.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('region', { name: 'Comienzo del texto' })).toContainText(`Los puestos de ${word} funcionarán`, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText('El texto oficial de esta norma es el publicado en el Boletín Oficial.')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Abrir el PDF/ })).toHaveAttribute('href', /^\/api\/v1\/files\/.+\.pdf$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectNoViolations(page);

  // The project is approved: the repeal now holds, on both norms' pages.
  const approval = new FormData();
  approval.append('changes', JSON.stringify({ state: 'approved', number: repealerNumber }));
  approval.append('version', String(project.version));
  approval.append('pdf_approved', new Blob([new Uint8Array(minimalPdf(['Deroga']))], { type: 'application/pdf' }), 'norma.pdf');
  const approved = await request.post(`/api/v1/regulations/${project.id}`, { multipart: approval, headers: { Authorization: `Bearer ${token}` } });
  expect(approved.status(), await approved.text()).toBe(200);

  await page.reload();
  await expect(page.locator('header .legal-force-badge')).toHaveText('Derogada');
  await expect(page.getByText('Esta norma fue derogada por la Ordenanza N°')).toBeVisible();
  const links = page.getByRole('region', { name: 'Relación con otras normas' });
  await expect(links.getByRole('heading', { name: 'Derogada por' })).toBeVisible();
  await expectNoViolations(page);
  await links.getByRole('link', { name: `Ordenanza N° ${repealerNumber}` }).click();
  await expect(page).toHaveURL(`/normativas/ordenanza/${repealerNumber}`);
  await expect(page.locator('header .legal-force-badge')).toHaveText('Vigente');
  const repealerLinks = page.getByRole('region', { name: 'Relación con otras normas' });
  await expect(repealerLinks.getByRole('heading', { name: 'Deroga a' })).toBeVisible();
  await expect(repealerLinks.getByRole('listitem').filter({ hasText: `Ordenanza N° ${targetNumber}` })).toContainText('Derogada');
  await repealerLinks.getByRole('link', { name: `Ordenanza N° ${targetNumber}` }).click();
  await expect(page).toHaveURL(`/normativas/ordenanza/${targetNumber}`);

  // The search's Vigencia filter: the repealed one alone, then the one in force alone.
  await page.goto(`/normativas?search=${word}`);
  await expect(page.getByText('Mostrando 1 - 2 de 2 normativas.')).toBeVisible();
  await page.getByLabel('Vigencia').selectOption({ label: 'Derogada' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(`/normativas?search=${word}&legal_force=repealed`);
  await expect(page.getByText('Mostrando 1 - 1 de 1 normativas.')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: String(targetNumber) });
  await expect(row.locator('.legal-force-badge')).toHaveText('Derogada');
  await page.getByLabel('Vigencia').selectOption({ label: 'Vigente' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByText('Mostrando 1 - 1 de 1 normativas.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: String(repealerNumber) })).toBeVisible();
  await expectNoViolations(page);
});

test('the demo registry shows a repealed norm, a partial repeal and a regulation, and an unknown address answers 404', async ({ page }) => {
  await page.goto('/normativas/ordenanza/1502');
  await expect(page.locator('header .legal-force-badge')).toHaveText('Derogada');
  await expect(page.getByText('Esta norma fue derogada por la Ordenanza N° 2902.')).toBeVisible();
  await page.goto('/normativas/ordenanza/2847');
  await expect(page.locator('header .legal-force-badge')).toHaveText('Derogada parcialmente');
  await page.goto('/normativas/ordenanza/2880');
  await expect(page.getByRole('region', { name: 'Relación con otras normas' }).getByRole('heading', { name: 'Reglamentada por' })).toBeVisible();
  await expectNoViolations(page);

  const missing = await page.goto('/normativas/ordenanza/999999999');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'No encontramos esa normativa entre las publicadas.' })).toBeVisible();
  await expectNoViolations(page);
});

test('a norm kept as a scan is found by a word of its image, and its page says the text was recognised automatically', async ({ page }) => {
  // The demo's Ordenanza N° 1610 is a scanned PDF with no text layer: the server reads it with OCR in
  // the background after its first start, so the search finds it a few seconds later.
  await expect(async () => {
    await page.goto('/normativas?search=medianeras');
    await expect(page.getByRole('link', { name: 'Ordenanza N° 1610', exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole('row').filter({ hasText: '1610' })).toContainText('Coincide en el texto del PDF.');
  await page.getByRole('link', { name: 'Ordenanza N° 1610', exact: true }).click();
  await expect(page).toHaveURL('/normativas/ordenanza/1610');
  const text = page.getByRole('region', { name: 'Comienzo del texto' });
  await expect(text).toContainText(/medianeras/i);
  await expect(text).toContainText('El PDF es una imagen escaneada: su texto se reconoció automáticamente y puede contener errores.');
  await expectNoViolations(page);
});
