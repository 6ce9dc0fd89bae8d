import { expect, test } from '@playwright/test';
import { councilDay, DEFAULT_COUNCIL_TIME_ZONE } from '../packages/contracts/src/council-time';
import { ACCOUNTS } from './support/accounts';
import { minimalPdf } from '../apps/api/src/lib/minimal-pdf';
import { apiToken, registerAgenda, registerNorm, uniqueNumber, uniqueWord } from './support/api';
import { expectNoViolations } from './support/axe';
import { loginAs } from './support/login';

// DESIGN.md 9.2: the staff record a norm's path on its detail page; the public page, the search and
// JSON-LD show it.

test('an admin records the publication in the Boletín Oficial, and the public page, the search and JSON-LD show the path', async ({ page, request }) => {
  const word = uniqueWord('boletin');
  const number = uniqueNumber();
  const norm = await registerNorm(request, await apiToken(request, ACCOUNTS.admin), { state: 'approved', number: String(number), subject: `Régimen de ${word}` }, 'Artículo 1.');
  const today = councilDay(new Date(), DEFAULT_COUNCIL_TIME_ZONE);

  await loginAs(page, ACCOUNTS.admin);
  await expect(page).toHaveURL('/admin');
  await page.goto(`/admin/detalles/${norm.id}`);
  const path = page.getByRole('region', { name: /^Trámite del expediente \d+-C-\d{4}$/ });
  await expect(path.getByRole('listitem')).toHaveText([/Ingreso por Mesa de Entradas/, /Sanción/]);
  const form = path.getByRole('form', { name: 'Agregar un paso' });
  await form.getByLabel('Paso').selectOption({ label: 'Publicación en el Boletín Oficial' });
  await form.getByLabel('Fecha', { exact: true }).fill(today);
  await form.getByLabel('Edición del Boletín Oficial').fill('4021');
  await form.getByLabel('Página (opcional)').fill('7');
  await form.getByRole('button', { name: 'Agregar paso' }).click();
  await expect(form.getByRole('status')).toHaveText('Se agregó «Publicación en el Boletín Oficial» al trámite.');
  await expect(path.getByRole('listitem')).toHaveCount(3);
  await expectNoViolations(page);
  const expediente = (await path.getByRole('heading', { level: 2 }).innerText()).replace('Trámite del expediente ', '');

  const day = today.split('-').reverse().join('/');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/normativas/ordenanza/${number}`);
    const facts = page.locator('.norm-facts');
    await expect(facts.getByText('Expediente', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(expediente);
    await expect(facts.getByText('Boletín Oficial', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(`${day}, edición N° 4021, página 7`);
    await expect(page.getByRole('region', { name: 'Trámite' }).getByRole('listitem')).toHaveText([
      `${day}Ingreso por Mesa de Entradas`,
      `${day}Sanción`,
      `${day}Publicación en el Boletín Oficial: edición N° 4021, página 7`,
    ]);
    await expectNoViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.join('\n')).toContain(`"legislationDate":"${today}"`);

  // The expediente typed whole finds it in the public search, which shows it with its enactment.
  await page.goto(`/normativas?search=${expediente}`);
  await expect(page.getByText('Mostrando 1 - 1 de 1 normativas.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Régimen de ${word}`) })).toContainText(`Expte. ${expediente}`);
  await expect(page.getByRole('row', { name: new RegExp(`Régimen de ${word}`) })).toContainText(`Sanción: ${day}`);
});

test('a project is sent to a committee and dispatched, an agenda makes it public with its timeline, and once approved, promulgated and published its page shows each step', async ({ page, request }) => {
  const token = await apiToken(request, ACCOUNTS.admin);
  const word = uniqueWord('semaforo');
  const project = await registerNorm(request, token, { subject: `Proyecto de ${word} en la avenida Belgrano` }, 'Proyecto: artículo 1.', 'pdf_process');
  const expediente = project.expediente!;
  const today = councilDay(new Date(), DEFAULT_COUNCIL_TIME_ZONE);
  const day = today.split('-').reverse().join('/');

  // Staff-only so far: its address answers 404.
  expect((await page.goto(`/normativas/expediente/${expediente}`))!.status()).toBe(404);

  await loginAs(page, ACCOUNTS.admin);
  await expect(page).toHaveURL('/admin');
  await page.goto(`/admin/detalles/${project.id}`);
  const path = page.getByRole('region', { name: `Trámite del expediente ${expediente}` });
  const form = path.getByRole('form', { name: 'Agregar un paso' });
  const addStep = async (kind: string, fill: () => Promise<unknown>) => {
    await form.getByLabel('Paso').selectOption({ label: kind });
    await form.getByLabel('Fecha', { exact: true }).fill(today);
    await fill();
    await form.getByRole('button', { name: 'Agregar paso' }).click();
    await expect(form.getByRole('status')).toHaveText(`Se agregó «${kind}» al trámite.`);
  };
  await addStep('Giro a comisión', () => form.getByLabel('Comisión').selectOption({ label: 'Comisión de Obras Públicas' }));
  await addStep('Despacho de comisión', async () => {
    await form.getByLabel('Comisión').selectOption({ label: 'Comisión de Obras Públicas' });
    await form.getByLabel('Despacho de').selectOption({ label: 'Mayoría' });
  });
  await expect(path.getByRole('listitem')).toHaveCount(3);

  // An agenda lists it: public from then on, with its timeline and its PDF.
  const session = `2027-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`;
  await registerAgenda(request, token, { date: `${session}T19:00`, correspondence: [], dem_message: [], projects: [project.id], comision_gobierno: [], comision_hacienda: [], comision_obras: [], comision_higiene: [] });
  const sessionDay = session.split('-').reverse().join('/');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/normativas/expediente/${expediente}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Proyecto de ordenanza, expediente ${expediente}`);
    await expect(page.getByText('En trámite', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Trámite' }).getByRole('listitem')).toHaveText([
      `${day}Ingreso por Mesa de Entradas`,
      `${day}Giro a comisión: Comisión de Obras Públicas`,
      `${day}Despacho de comisión: Comisión de Obras Públicas, despacho de mayoría`,
      `${sessionDay}Incluido en el orden del día`,
    ]);
    const pdf = await request.get(await page.getByRole('link', { name: /Abrir el PDF del proyecto/ }).getAttribute('href') as string);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await expectNoViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.goto(`/normativas?estado=en_tramite&search=${word}`);
  await page.getByRole('link', { name: `Proyecto de ${word} en la avenida Belgrano` }).click();
  await expect(page).toHaveURL(`/normativas/expediente/${expediente}`);

  // Approved with its number, then promulgated and published.
  const number = uniqueNumber();
  const approval = new FormData();
  approval.append('changes', JSON.stringify({ state: 'approved', number }));
  const { version } = await (await request.get(`/api/v1/regulations/${project.id}`, { headers: { Authorization: `Bearer ${token}` } })).json();
  approval.append('version', String(version));
  approval.append('pdf_approved', new Blob([new Uint8Array(minimalPdf(['Ordenanza: artículo 1.']))], { type: 'application/pdf' }), 'norma.pdf');
  const approved = await request.post(`/api/v1/regulations/${project.id}`, { multipart: approval, headers: { Authorization: `Bearer ${token}` } });
  expect(approved.status(), await approved.text()).toBe(200);
  await page.goto(`/admin/detalles/${project.id}`);
  await addStep('Promulgación', () => form.getByLabel('Promulgación', { exact: true }).selectOption({ label: 'Tácita' }));
  await addStep('Publicación en el Boletín Oficial', () => form.getByLabel('Edición del Boletín Oficial').fill('4022'));

  // The project's address now leads to the norm's page for good, which shows every step and its dates.
  const moved = await request.get(`/normativas/expediente/${expediente}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(`/normativas/ordenanza/${number}`);
  await page.goto(`/normativas/expediente/${expediente}`);
  await expect(page).toHaveURL(`/normativas/ordenanza/${number}`);
  await expect(page.getByRole('region', { name: 'Trámite' }).getByRole('listitem')).toHaveText([
    `${day}Ingreso por Mesa de Entradas`,
    `${day}Giro a comisión: Comisión de Obras Públicas`,
    `${day}Despacho de comisión: Comisión de Obras Públicas, despacho de mayoría`,
    `${day}Sanción`,
    `${day}Promulgación: tácita`,
    `${day}Publicación en el Boletín Oficial: edición N° 4022`,
    `${sessionDay}Incluido en el orden del día`,
  ]);
  const facts = page.locator('.norm-facts');
  await expect(facts.getByText('Sanción', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(day);
  await expect(facts.getByText('Promulgación', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(day);
  await expect(facts.getByText('Boletín Oficial', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(`${day}, edición N° 4022`);
});
