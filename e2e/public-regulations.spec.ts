import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import { minimalPdf } from '../apps/api/src/lib/minimal-pdf';
import { ACCOUNTS } from './support/accounts';
import { apiToken } from './support/api';

// Tests run in parallel on one database: each test makes its own norms, with numbers and words of its
// own, and never counts the whole registry. The demo ordinance N° 2845 comes with every fresh server.
const DEMO_SUBJECT = 'Regula la circulación de camión pesado en el casco urbano';
const uniqueNumber = () => 10_000_000 + Math.floor(Math.random() * 89_000_000);
const uniqueWord = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`;


/** An approved (so public) ordinance with its PDF, created as staff would. */
async function createApprovedOrdinance(
  request: APIRequestContext,
  token: string,
  { number, subject, keywords = [], pdfText }: { number: number; subject: string; keywords?: string[]; pdfText: string },
): Promise<number> {
  const form = new FormData();
  form.append('type', 'ordinance');
  form.append('state', 'approved');
  form.append('number', String(number));
  form.append('subject', subject);
  form.append('authors[]', 'Luis Paz');
  for (const keyword of keywords) form.append('keywords[]', keyword);
  form.append('pdf_approved', new Blob([new Uint8Array(minimalPdf([pdfText]))], { type: 'application/pdf' }), 'norma.pdf');
  const response = await request.post('/api/v1/regulations', { multipart: form, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id as number;
}

async function search(page: Page, words: string) {
  await page.getByLabel('Buscar').fill(words);
  await page.getByRole('button', { name: 'Filtrar' }).click();
}

const summary = (page: Page) => page.getByText(/^Mostrando \d+ - \d+ de \d+ normativas\.$/);

test('a visitor types "circulacion" without the accent and finds the ordinance on the circulation of trucks, with its PDF', async ({ page }) => {
  await page.goto('/normativas');
  await expect(page.getByRole('heading', { level: 1, name: 'Normativas' })).toBeVisible();
  await search(page, 'circulacion');
  await expect(page).toHaveURL('/normativas?search=circulacion');
  const row = page.getByRole('row').filter({ hasText: DEMO_SUBJECT });
  await expect(row).toContainText('Ordenanza');
  await expect(row).toContainText('2845');
  await expect(row).toContainText('tránsito, camiones');
  await expect(row).toContainText(/Coincide en el tema/);
  await expect(summary(page)).toBeVisible();

  const pdf = row.getByRole('link', { name: 'Ver PDF de la Ordenanza N° 2845 (se abre en una pestaña nueva)' });
  const href = await pdf.getAttribute('href');
  expect(href).toBeTruthy();
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('a phrase found only inside a PDF shows where it matched and the excerpt with the words marked', async ({ page, request }) => {
  const token = await apiToken(request, ACCOUNTS.asesor);
  const word = uniqueWord('acoplado');
  const number = uniqueNumber();
  await createApprovedOrdinance(request, token, {
    number,
    subject: 'Reglamento de carga en la terminal',
    pdfText: `Queda prohibida la circulacion de camiones con ${word} por la plaza principal.`,
  });
  // The PDF's text is indexed a moment after the upload.
  await expect
    .poll(async () => (await (await request.get(`/api/v1/regulations/published?search=${word}`)).json()).total, { timeout: 20_000 })
    .toBe(1);

  await page.goto(`/normativas?search=${word}`);
  await expect(page.getByText('Mostrando 1 - 1 de 1 normativas.')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Reglamento de carga en la terminal' });
  await expect(row).toContainText('Coincide en el texto del PDF.');
  await expect(row.locator('mark')).toHaveText([word]);
  await expect(row).toContainText(`circulacion de camiones con ${word} por la plaza`);

  // Done means: "circulacion de camiones" finds the ordinance about it and the one that only says it in its PDF.
  await search(page, 'circulacion de camiones');
  await expect(page.getByRole('row').filter({ hasText: DEMO_SUBJECT })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: String(number) })).toContainText('Coincide en el texto del PDF.');
});

test('the pager links move by number and by next, keeping the search, and the back button restores the previous page of results', async ({ page, request }) => {
  const token = await apiToken(request, ACCOUNTS.asesor);
  const word = uniqueWord('paginado');
  const numbers = Array.from({ length: 17 }, (_, index) => 20_000_000 + Math.floor(Math.random() * 1_000_000) * 20 + index);
  await Promise.all(numbers.map((number) => createApprovedOrdinance(request, token, { number, subject: `Norma de prueba ${word}`, pdfText: `Ordenanza ${number}` })));

  await page.goto('/normativas');
  await search(page, word);
  await expect(page.getByText('Mostrando 1 - 15 de 17 normativas.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Página 1' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: 'Página anterior' })).toHaveAttribute('aria-disabled', 'true');
  // Real links (they work without JavaScript), each with the search and its page.
  await expect(page.getByRole('link', { name: 'Página 2' })).toHaveAttribute('href', `/normativas?search=${word}&page=2#resultados`);

  await page.getByRole('link', { name: 'Página 2' }).click();
  await expect(page.getByText('Mostrando 16 - 17 de 17 normativas.')).toBeVisible();
  await expect(page).toHaveURL(`/normativas?search=${word}&page=2#resultados`);
  await expect(page.getByRole('link', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: 'Página siguiente' })).toHaveAttribute('aria-disabled', 'true');
  // A page's link opens the new page at its results (where keyboard and screen-reader users go on from).
  await expect(page.getByRole('region', { name: 'Resultados' })).toBeInViewport();
  await expect(page.getByRole('row').filter({ hasText: word })).toHaveCount(2);

  await page.getByRole('link', { name: 'Primera página' }).click();
  await expect(page.getByText('Mostrando 1 - 15 de 17 normativas.')).toBeVisible();
  await page.getByRole('link', { name: 'Página siguiente' }).click();
  await expect(page.getByText('Mostrando 16 - 17 de 17 normativas.')).toBeVisible();

  await page.goBack();
  await expect(page.getByText('Mostrando 1 - 15 de 17 normativas.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: word })).toHaveCount(15);
});

test('Limpiar clears the filters, and the back button brings back the previous search and its results', async ({ page }) => {
  await page.goto('/normativas');
  await search(page, 'circulacion');
  await expect(page.getByRole('row').filter({ hasText: DEMO_SUBJECT })).toBeVisible();

  await page.getByLabel('Tipo').selectOption('declaration');
  await search(page, 'malvinas');
  await expect(page).toHaveURL('/normativas?search=malvinas&type=declaration');
  await expect(page.getByRole('row').filter({ hasText: 'Homenaje a los veteranos y caídos en la Guerra de Malvinas' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: DEMO_SUBJECT })).toHaveCount(0);

  await page.goBack();
  await expect(page).toHaveURL('/normativas?search=circulacion');
  await expect(page.getByLabel('Buscar')).toHaveValue('circulacion');
  await expect(page.getByLabel('Tipo')).toHaveValue('');
  await expect(page.getByRole('row').filter({ hasText: DEMO_SUBJECT })).toBeVisible();

  await page.getByRole('link', { name: 'Limpiar' }).click();
  await expect(page).toHaveURL('/normativas');
  await expect(page.getByLabel('Buscar')).toHaveValue('');
  // Without filters the whole public registry shows, newest first, a full page of it.
  await expect(page.getByText(/^Mostrando 1 - 15 de \d+ normativas\.$/)).toBeVisible();

  // A shared link, reloaded, shows the same search.
  await page.goto('/normativas?search=circulacion&type=ordinance');
  await page.reload();
  await expect(page.getByLabel('Buscar')).toHaveValue('circulacion');
  await expect(page.getByLabel('Tipo')).toHaveValue('ordinance');
  await expect(page.getByRole('row').filter({ hasText: DEMO_SUBJECT })).toBeVisible();
});

test('the search form, sent by the browser itself as without JavaScript, leads to the same search', async ({ page }) => {
  await page.goto('/normativas?page=2');
  // The first visit loads the page's chunks: on a busy machine that takes more than the usual 10 s.
  await expect(summary(page)).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Buscar').fill('circulacion');
  await page.getByLabel('Tipo').selectOption('ordinance');
  // form.submit() is the browser's own GET submit: no script handler runs, the fields travel by their names.
  await page.getByRole('button', { name: 'Filtrar' }).evaluate((button) => (button as HTMLButtonElement).form!.submit());
  await expect(page).toHaveURL('/normativas?search=circulacion&numberSearch=&type=ordinance&legal_force=&estado=&from=&to=');
  await expect(page.getByLabel('Buscar')).toHaveValue('circulacion');
  await expect(page.getByLabel('Tipo')).toHaveValue('ordinance');
  await expect(page.getByRole('row').filter({ hasText: DEMO_SUBJECT })).toBeVisible();
  // The links built from that address are the short ones the page makes with JavaScript.
  await expect(page.getByRole('link', { name: 'Descargar CSV' })).toHaveAttribute('href', '/api/v1/regulations/published.csv?search=circulacion&type=ordinance');
});

test('the current search downloads as CSV with every matching row, and as JSON', async ({ page, request }) => {
  const token = await apiToken(request, ACCOUNTS.asesor);
  const word = uniqueWord('descarga');
  const numbers = [uniqueNumber(), uniqueNumber()];
  for (const number of numbers) await createApprovedOrdinance(request, token, { number, subject: `Tarifa de ${word}`, keywords: ['tasas'], pdfText: 'Texto' });

  await page.goto(`/normativas?search=${word}`);
  await expect(page.getByText('Mostrando 1 - 2 de 2 normativas.')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Descargar CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('normativas.csv');
  const lines = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  // Ours, then datos.gob.ar's Normativa columns, explained on /datos.
  expect(lines[0]).toBe(
    '"Tipo","N°","Tema","Palabras clave","Fecha de creación","PDF","Vigencia",' +
      '"norma_tipo","numero","nombre","organismo_origen","fecha_sancion","fecha_boletin","numero_boletin","pagina_boletin","texto_resumido","observaciones","url_original","url_texto_actual","modificada_por","modifica_a","region"',
  );
  expect(lines).toHaveLength(3);
  for (const number of numbers) {
    const line = lines.find((candidate) => candidate.startsWith(`"Ordenanza","${number}","Tarifa de ${word}","tasas",`));
    expect(line).toContain(`,"Vigente","Ordenanza","${number}","Ordenanza N° ${number}",`);
    expect(line).toMatch(new RegExp(`,"http://[^"]+/normativas/ordenanza/${number}",`));
  }

  const json = await page.request.get((await page.getByRole('link', { name: 'Descargar JSON' }).getAttribute('href'))!);
  expect(json.headers()['content-type']).toContain('application/json');
  expect(((await json.json()) as { number: number }[]).map((row) => row.number).sort()).toEqual([...numbers].sort());

  const feed = await page.request.get((await page.getByRole('link', { name: 'Suscribirse (Atom)' }).getAttribute('href'))!);
  expect(feed.headers()['content-type']).toContain('application/atom+xml');
  await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute('href', '/api/v1/regulations/feed.atom');
});

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 812 },
]) {
  test.describe(`on a ${viewport.name} (${viewport.width} px)`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the page with results and the empty state have no WCAG 2.1 A/AA violations', async ({ page }) => {
      await page.goto('/normativas?search=circulacion');
      await expect(page.getByRole('row').filter({ hasText: DEMO_SUBJECT })).toBeVisible();
      await expectNoViolations(page);

      await page.goto(`/normativas?search=${uniqueWord('inexistente')}`);
      await expect(page.getByText('No se encontraron resultados.')).toBeVisible();
      await expectNoViolations(page);
    });
  });
}
