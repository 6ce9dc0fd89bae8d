import { expect, test } from '@playwright/test';
import { councilDay, DEFAULT_COUNCIL_TIME_ZONE } from '../packages/contracts/src/council-time';
import { ACCOUNTS } from './support/accounts';
import { apiToken, registerNorm, uniqueNumber, uniqueWord } from './support/api';
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
