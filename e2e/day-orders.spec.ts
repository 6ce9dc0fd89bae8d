import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { docxParagraphs } from '../apps/api/src/test/docx';
import { expectInOrder } from '../apps/api/src/test/pdftotext';
import { councilWallClock, DEFAULT_COUNCIL_TIME_ZONE } from '../packages/contracts/src/council-time';
import { expectNoViolations } from './support/axe';
import { ACCOUNTS } from './support/accounts';
import { apiToken, registerAgenda } from './support/api';
import { loginAs } from './support/login';

// Tests run in parallel against one database: each one makes its own regulations and agendas, tagged
// so that they can be told apart from everyone else's, and never assumes a list is empty.

/** The council's wall clock, `minutes` from now, as a `datetime-local` value. */
function councilLocal(minutes: number): string {
  return councilWallClock(new Date(Date.now() + minutes * 60_000), DEFAULT_COUNCIL_TIME_ZONE);
}

/** A `datetime-local` value as the lists print it: '17/03/2026, 19:00'. */
function shown(local: string): string {
  const [, y, m, d, time] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(local)!;
  return `${d}/${m}/${y}, ${time}`;
}

/**
 * The row of an agenda in a list, narrowed to its session's day (`session`, a `datetime-local` value) by the
 * list's own filter. Parallel tests create and delete agendas: a row can move to another page between two
 * page loads (a deletion ahead of it moves it back one page while the next page is being fetched), so the
 * pages are walked again until it shows.
 */
async function agendaRow(page: Page, listPath: string, pdfPath: string, session: string) {
  const link = page.locator(`a[href="${pdfPath}"]`);
  const day = session.slice(0, 10);
  for (let walk = 1; walk <= 3; walk += 1) {
    for (let number = 1; number <= 5; number += 1) {
      await page.goto(`${listPath}?from=${day}&to=${day}${number > 1 ? `&page=${number}` : ''}`);
      // The page and its list load lazily: on a busy machine that takes more than the usual 10 s.
      const summary = page.getByText(/^Mostrando \d+ - \d+ de \d+/);
      const pastTheEnd = page.getByText(/^No existe la página/);
      await expect(summary.or(pastTheEnd)).toBeVisible({ timeout: 30_000 });
      if (await pastTheEnd.isVisible()) break;
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
      if ((await link.count()) > 0) return page.getByRole('row').filter({ has: link });
    }
  }
  throw new Error(`${pdfPath} is not in ${listPath} for ${day}`);
}

/** Opens the staff menu and follows one of its items. */
async function openMenuItem(page: Page, name: string) {
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link', { name }).click();
}

type Created = { id: number; subject: string };

/** Registers regulations in process, one per source section, as the asesor would from the form. */
async function createSources(request: APIRequestContext, token: string, tag: string): Promise<Record<'correspondence' | 'dem' | 'project', Created>> {
  const create = async (fields: Record<string, string>, authors: string[]): Promise<Created> => {
    const multipart = new FormData();
    for (const [name, value] of Object.entries(fields)) multipart.append(name, value);
    for (const author of authors) multipart.append('authors[]', author);
    const response = await request.post('/api/v1/regulations', { headers: { authorization: `Bearer ${token}` }, multipart });
    expect(response.status(), await response.text()).toBe(201);
    return { id: (await response.json()).id, subject: fields.subject! };
  };
  return {
    correspondence: await create({ type: 'correspondence', subject: `Nota de vecinos sobre la plaza ${tag}` }, ['Asociación Vecinal Ñandú']),
    dem: await create({ type: 'dem-message', dem_type: 'message', subject: `Mensaje del DEM sobre el presupuesto ${tag}` }, []),
    project: await create({ type: 'minute', subject: `Pedido de informes sobre el arbolado ${tag}` }, ['Lucía Fernández']),
  };
}


/** The search form of cargar-orden-dia, over a range that surely holds what was just created. */
async function searchSources(page: Page) {
  await page.getByLabel('Desde').fill(councilLocal(-60));
  await page.getByLabel('Hasta').fill(councilLocal(60));
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('group', { name: '2. Correspondencia recibida' })).toBeVisible();
}

test('an asesor builds an agenda, the public downloads its PDF and an admin deletes it', async ({ page, browser, request }) => {
  test.slow(); // three accounts, a search, a PDF and a deletion
  const tag = `E2E-${randomUUID().slice(0, 8)}`;
  const sources = await createSources(request, await apiToken(request, ACCOUNTS.asesor), tag);

  // The asesor builds the agenda from the browser, from the agenda list of the panel (menu and all).
  await loginAs(page, ACCOUNTS.asesor);
  await expect(page).toHaveURL('/asesor-concejal');
  await openMenuItem(page, 'Gestionar Órdenes del día');
  await expect(page).toHaveURL('/asesor-concejal/ordenes-del-dia');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestionar Órdenes del día' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeVisible();
  await page.getByRole('link', { name: 'Cargar orden del día' }).click();
  await expect(page).toHaveURL('/asesor-concejal/cargar-orden-dia');
  await searchSources(page);
  await page.getByRole('group', { name: '2. Correspondencia recibida' }).getByRole('checkbox', { name: sources.correspondence.subject }).check();
  await page.getByRole('group', { name: '3. Mensajes del Departamento Ejecutivo' }).getByRole('checkbox', { name: sources.dem.subject }).check();
  await page.getByRole('group', { name: '4. Proyectos de los concejales' }).getByRole('checkbox', { name: sources.project.subject }).check();
  await page.getByLabel('Tipo de sesión').selectOption('ordinaria');
  const sessionDate = councilLocal(7 * 24 * 60);
  await page.getByLabel('Fecha y hora de la sesión').fill(sessionDate);
  await page.getByLabel('N° de acta de la sesión anterior').fill('77');
  const hacienda = page.getByRole('group', { name: '6. Despachos de la Comisión de Hacienda' });
  await hacienda.getByLabel('Nuevo despacho').fill(`Dictamen sobre la tasa vial ${tag}`);
  await hacienda.getByRole('button', { name: /Agregar/ }).click();
  await expect(hacienda.getByText(`Dictamen sobre la tasa vial ${tag}`)).toBeVisible();

  const saved = page.waitForResponse((response) => response.url().endsWith('/api/v1/day-orders') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Cargar orden del día' }).click();
  const response = await saved;
  expect(response.status()).toBe(201);
  const { id, pdf_path: pdfPath } = (await response.json()) as { id: number; pdf_path: string };
  await expect(page.getByRole('status').filter({ hasText: 'Orden del día cargada exitosamente.' }).first()).toBeVisible();
  // Back on the panel's list, the new row names its session.
  await expect(page).toHaveURL('/asesor-concejal/ordenes-del-dia');
  const listed = await agendaRow(page, '/asesor-concejal/ordenes-del-dia', pdfPath, sessionDate);
  await expect(listed.getByRole('cell').first()).toContainText(`${shown(sessionDate)}Sesión Ordinaria`);
  await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeVisible();
  // Its editable Word document downloads from the row: every section and item, in order.
  const fromList = page.waitForEvent('download');
  await listed.getByRole('button', { name: /en Word, para editarla$/ }).click();
  const listedDocx = await fromList;
  // Named after its session's day, so that a folder of them reads as a calendar.
  expect(listedDocx.suggestedFilename()).toBe(`orden-del-dia-${sessionDate.slice(0, 10)}.docx`);
  expectInOrder(docxParagraphs(await fs.readFile((await listedDocx.path())!)).map((paragraph) => paragraph.text).join('\n'), [
    'Orden del Día',
    '1. Consideración del Acta de la sesión anterior N° 77',
    '4. Proyectos de los concejales',
    sources.project.subject,
    `Dictamen sobre la tasa vial ${tag}`,
  ]);

  // The session summary lists it by its session (date, time, type), and its detail shows the chosen items as cards.
  await page.goto('/asesor-concejal/resumen-sesion');
  const summaryRow = page.getByRole('row').filter({ has: page.locator(`a[href="${pdfPath}"]`) });
  await expect(summaryRow.getByRole('cell').first()).toContainText(`${shown(sessionDate)}Sesión Ordinaria`);
  await expect(summaryRow.getByRole('cell', { name: '4', exact: true })).toBeVisible();
  await summaryRow.getByRole('link', { name: /Ver detalles/ }).click();
  await expect(page).toHaveURL(`/asesor-concejal/resumen-sesion/${id}`);
  await expect(page.getByText(sources.project.subject)).toBeVisible();
  await expect(page.getByText(`Dictamen sobre la tasa vial ${tag}`)).toBeVisible();
  await expect(page.getByText('Acta N° 77')).toBeVisible();
  const fromSummary = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Descargar en Word (editable)' }).click();
  expect((await fromSummary).suggestedFilename()).toBe(`orden-del-dia-${sessionDate.slice(0, 10)}.docx`);

  // A visitor finds it on the public page and downloads the PDF.
  const visitor = await browser.newPage();
  const publicRow = await agendaRow(visitor, '/ver-orden-dia', pdfPath, sessionDate);
  await expect(publicRow.getByRole('cell').first()).toContainText(`${shown(sessionDate)}Sesión Ordinaria`);
  await expect(visitor.getByRole('button', { name: /Eliminar/ })).toHaveCount(0);
  const pdf = await visitor.request.get(pdfPath);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await visitor.close();

  // An admin deletes it from the panel's list, after confirming.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAs(admin, ACCOUNTS.admin);
  await expect(admin).toHaveURL('/admin');
  await openMenuItem(admin, 'Gestionar Órdenes del día');
  await expect(admin).toHaveURL('/admin/ordenes-del-dia');
  const row = await agendaRow(admin, '/admin/ordenes-del-dia', pdfPath, sessionDate);
  await row.getByRole('button', { name: /Eliminar la orden del día/ }).click();
  const dialog = admin.getByRole('dialog', { name: 'Confirmar Eliminación' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(admin.getByText('Orden eliminada exitosamente.')).toBeVisible();
  await expect(admin.locator(`a[href="${pdfPath}"]`)).toHaveCount(0);
  expect((await admin.request.get(pdfPath)).status()).toBe(404);
  await adminContext.close();
});

test('the builder offers only what no agenda lists yet, and its errors clear as each field is corrected', async ({ page, request }) => {
  test.slow();
  const tag = `E2E-${randomUUID().slice(0, 8)}`;
  const token = await apiToken(request, ACCOUNTS.asesor);
  const headers = { authorization: `Bearer ${token}` };
  const sources = await createSources(request, token, tag);
  const earlierDate = councilLocal(2 * 24 * 60);
  await registerAgenda(request, token, { date: earlierDate, acta: '5', projects: [sources.project.id] });

  await loginAs(page, ACCOUNTS.asesor);
  await expect(page).toHaveURL('/asesor-concejal');
  await page.goto('/asesor-concejal/cargar-orden-dia');
  await searchSources(page);
  // The project already on the earlier agenda is not offered again (nor can it be sent twice: the API says so).
  const pending = page.getByRole('group', { name: '2. Correspondencia recibida' }).getByRole('checkbox', { name: sources.correspondence.subject });
  await expect(pending).toBeVisible();
  await expect(page.getByRole('group', { name: '4. Proyectos de los concejales' }).getByRole('checkbox', { name: sources.project.subject })).toHaveCount(0);
  const twice = await request.post('/api/v1/day-orders', { headers, data: { sessionType: 'ordinaria', date: councilLocal(4 * 24 * 60), acta: '6', projects: [sources.project.id] } });
  expect(twice.status()).toBe(422);
  expect((await twice.json()).errors.projects[0]).toContain(`ya está en la orden del día de la sesión del ${shown(earlierDate).slice(0, 10)}`);

  // Nothing filled: every error shows; each goes as its field is corrected, with no second submit.
  await page.getByRole('button', { name: 'Cargar orden del día' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Error al cargar la orden del día.' });
  await expect(alert).toContainText('Debe seleccionar el tipo de sesión.');
  await expect(page.getByText('Debe ingresar el número del acta anterior.', { exact: true }).first()).toBeVisible();
  await page.getByLabel('Tipo de sesión').selectOption('convocada');
  await expect(page.getByLabel('Tipo de sesión')).toHaveAttribute('aria-invalid', 'false');
  await expect(alert).not.toContainText('Debe seleccionar el tipo de sesión.');
  await page.getByLabel('N° de acta de la sesión anterior').fill('8');
  await expect(page.getByLabel('N° de acta de la sesión anterior')).toHaveAttribute('aria-invalid', 'false');
  await expect(page.getByLabel('Fecha y hora de la sesión')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Fecha y hora de la sesión').fill(councilLocal(3 * 24 * 60));
  await expect(page.getByLabel('Fecha y hora de la sesión')).toHaveAttribute('aria-invalid', 'false');
  await expect(alert).toHaveCount(0);

  // A dispatch box's own error goes as it is typed in.
  const obras = page.getByRole('group', { name: '7. Despachos de la Comisión de Obras Públicas' });
  await obras.getByRole('button', { name: /Agregar/ }).click();
  await expect(obras.getByText('Escriba el texto del despacho.')).toBeVisible();
  await obras.getByLabel('Nuevo despacho').fill(`Despacho ${tag}`);
  await expect(obras.getByText('Escriba el texto del despacho.')).toHaveCount(0);

  await pending.check();
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/v1/day-orders') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Cargar orden del día' }).click();
  expect((await saved).status()).toBe(201);
});

test('the public list tells apart two agendas created on the same day by their sessions', async ({ page, request }) => {
  test.slow(); // two agendas with their PDFs, and a list that may have to be paged through
  const token = await apiToken(request, ACCOUNTS.asesor);
  const sessions = [
    { sessionType: 'convocada', date: councilLocal(24 * 60 + 17), label: 'Sesión Convocada (extraordinaria, convocada por el Departamento Ejecutivo)' },
    { sessionType: 'autoconvocada', date: councilLocal(2 * 24 * 60 + 43), label: 'Sesión Autoconvocada' },
  ];
  const paths: string[] = [];
  for (const { sessionType, date } of sessions) paths.push((await registerAgenda(request, token, { sessionType, date, acta: '9' })).pdf_path);
  for (const [index, session] of sessions.entries()) {
    const row = await agendaRow(page, '/ver-orden-dia', paths[index]!, session.date);
    await expect(row.getByRole('cell').first()).toContainText(`${shown(session.date)}${session.label}`);
  }
});

for (const [name, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 900 }],
] as const) {
  test(`/ver-orden-dia offers the asesor the builder and the admin a delete per row, with its confirmation (${name})`, async ({ browser, request }) => {
    test.slow(); // two accounts, a deletion and the reload after it
    // A session far ahead, so that its agenda opens the list (latest session first).
    const date = councilLocal(400 * 24 * 60 + Math.floor(Math.random() * 10_000));
    const { pdf_path: pdfPath } = await registerAgenda(request, await apiToken(request, ACCOUNTS.asesor), { date, acta: '3' });

    const asesorContext = await browser.newContext({ viewport });
    const asesor = await asesorContext.newPage();
    await loginAs(asesor, ACCOUNTS.asesor);
    await expect(asesor).toHaveURL('/asesor-concejal');
    await asesor.goto('/ver-orden-dia');
    await asesor.getByRole('link', { name: 'Cargar orden del día' }).click();
    await expect(asesor).toHaveURL('/asesor-concejal/cargar-orden-dia');
    await asesorContext.close();

    const adminContext = await browser.newContext({ viewport });
    const admin = await adminContext.newPage();
    await loginAs(admin, ACCOUNTS.admin);
    await expect(admin).toHaveURL('/admin');
    await admin.goto('/ver-orden-dia');
    await expect(admin.getByRole('link', { name: 'Cargar orden del día' })).toHaveAttribute('href', '/admin/cargar-orden-dia');
    const row = await agendaRow(admin, '/ver-orden-dia', pdfPath, date);
    await row.getByRole('button', { name: `Eliminar la orden del día de la sesión del ${shown(date)}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Confirmar Eliminación' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await expectNoViolations(admin);
    // Escape closes it and nothing is deleted.
    await admin.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: /Eliminar la orden del día/ }).click();
    const reloaded = admin.waitForEvent('load');
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await expect(admin.getByText('Orden eliminada exitosamente.')).toBeVisible();
    const toastShown = Date.now();
    await reloaded;
    // Spec 4: the list reloads 1.5 s after the message (a little less may pass between the message and this line).
    expect(Date.now() - toastShown).toBeGreaterThan(1000);
    await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(admin.locator(`a[href="${pdfPath}"]`)).toHaveCount(0);
    expect((await admin.request.get(pdfPath)).status()).toBe(404);
    await adminContext.close();
  });
}

test('the date filters work as a GET form, with and without the page script, and Limpiar is a link back to the whole list', async ({ page }) => {
  await page.goto('/ver-orden-dia');
  await expect(page.getByRole('heading', { level: 1, name: 'Órdenes del día' })).toBeVisible();
  // A range long before any agenda: the same empty answer whoever else is adding agendas.
  await page.getByLabel('Desde').fill('1900-01-01');
  await page.getByLabel('Hasta').fill('1900-01-31');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL('/ver-orden-dia?from=1900-01-01&to=1900-01-31');
  await expect(page.getByText('No se encontraron resultados.')).toBeVisible();

  await page.getByRole('link', { name: 'Limpiar' }).click();
  await expect(page).toHaveURL('/ver-orden-dia');
  await expect(page.getByLabel('Desde')).toHaveValue('');

  // form.submit() is the browser's own GET submit: no script handler runs, the fields travel by their names.
  await page.getByLabel('Desde').fill('1900-02-01');
  await page.getByRole('button', { name: 'Filtrar' }).evaluate((button) => (button as HTMLButtonElement).form!.submit());
  await expect(page).toHaveURL('/ver-orden-dia?from=1900-02-01&to=');
  await expect(page.getByLabel('Desde')).toHaveValue('1900-02-01');
});

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 375, height: 812 }],
] as const) {
  test.describe(`accessibility of the agenda screens (${name})`, () => {
    test.use({ viewport });

    test("/ver-orden-dia has no WCAG 2.1 A/AA violations for a visitor, nor the panel's list with its delete dialog for an admin", async ({ page, request }) => {
      test.slow(); // axe runs three times
      // At least one row, so that the table is checked too.
      await registerAgenda(request, await apiToken(request, ACCOUNTS.asesor), { date: councilLocal(60), acta: '1' });
      await page.goto('/ver-orden-dia');
      await expect(page.getByRole('link', { name: /PDF de la orden del día/ }).first()).toBeVisible();
      await expectNoViolations(page);

      // The public page is the same for everyone; an admin deletes from the panel's list.
      await loginAs(page, ACCOUNTS.admin);
      await expect(page).toHaveURL('/admin');
      await page.goto('/admin/ordenes-del-dia');
      await expect(page.getByRole('button', { name: /Eliminar la orden del día/ }).first()).toBeVisible();
      await expectNoViolations(page);
      await page.getByRole('button', { name: /Eliminar la orden del día/ }).first().click();
      await expect(page.getByRole('dialog', { name: 'Confirmar Eliminación' })).toBeVisible();
      await expectNoViolations(page);
    });

    test('cargar-orden-dia, ordenes-del-dia, resumen-sesion and resumen-sesion/:id have no WCAG 2.1 A/AA violations', async ({ page, request }) => {
      test.slow(); // axe runs three times
      const tag = `E2E-${randomUUID().slice(0, 8)}`;
      const token = await apiToken(request, ACCOUNTS.asesor);
      const sources = await createSources(request, token, tag);
      const { id } = await registerAgenda(request, token, {
        sessionType: 'convocada',
        date: councilLocal(60),
        acta: '2',
        correspondence: [sources.correspondence.id],
        projects: [sources.project.id],
        comision_obras: [`Despacho de bacheo ${tag}`],
      });

      await loginAs(page, ACCOUNTS.asesor);
      await expect(page).toHaveURL('/asesor-concejal');
      await page.goto('/asesor-concejal/cargar-orden-dia');
      await searchSources(page);
      // The form's own messages are part of the page too.
      await page.getByRole('button', { name: 'Cargar orden del día' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Error al cargar la orden del día.' })).toBeVisible();
      await expectNoViolations(page);

      await page.goto('/asesor-concejal/resumen-sesion');
      await expect(page.getByRole('link', { name: /Ver detalles/ }).first()).toBeVisible();
      await expectNoViolations(page);

      await page.goto('/asesor-concejal/ordenes-del-dia');
      await expect(page.getByRole('link', { name: /PDF de la orden del día/ }).first()).toBeVisible();
      await expectNoViolations(page);

      await page.goto(`/asesor-concejal/resumen-sesion/${id}`);
      await expect(page.getByText(`Despacho de bacheo ${tag}`)).toBeVisible();
      await expectNoViolations(page);
    });
  });
}
