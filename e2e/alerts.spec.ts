import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS } from './support/accounts';
import { apiToken, registerAgenda, registerNorm, uniqueNumber, uniqueWord } from './support/api';
import { expectNoViolations } from './support/axe';
import { inServerDatabase } from './support/database';
import { loginAs } from './support/login';
import { linkIn, mailTo, waitForMail } from './support/smtp';

/** What an unsubscribe link forged or already used says: true either way, and no invitation to subscribe again. */
const USED_OR_INVALID = 'Este enlace para darse de baja no es válido o ya se usó. Si ya se dio de baja, no recibirá más esos avisos.';

/** The page an unsubscribe link leads to once it was used (or when it was forged). */
async function expectUsedUnsubscribeLink(page: Page) {
  await expect(page).toHaveURL('/suscripcion/baja');
  await expect(page.getByRole('heading', { level: 1, name: 'El enlace para darse de baja no es válido' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText(USED_OR_INVALID);
  await expect(main).not.toContainText(/suscrib/i);
  await expect(main.getByRole('button')).toHaveCount(0);
  await expectNoViolations(page);
}

// Citizens' e-mail alerts (issue 16), through the run's real SMTP server: subscribe from a search and
// from a norm's page, confirm from the e-mail, a matching norm published, the digest received, its link
// followed, and both ways out (the page's button and a mail reader's one-click). Norms and the address
// are this test's own: other specs publish norms at the same time.

test('a citizen follows a search and a norm, confirms, gets the digest, follows it and unsubscribes', async ({ page, browser, request }) => {
  const citizen = `${uniqueWord('vecina')}@example.org`;
  const word = uniqueWord('veredas');
  const token = await apiToken(request, ACCOUNTS.asesor);
  const followedNumber = uniqueNumber();
  await registerNorm(request, token, { state: 'approved', number: String(followedNumber), subject: 'Régimen de poda del arbolado' }, 'Artículo 1: La poda se hará en invierno.');

  // 1. From a search of /normativas: what it will follow is said, and the answer reveals nothing.
  await page.goto(`/normativas?search=${word}&type=ordinance`);
  const searchBox = page.getByRole('region', { name: 'Avisarme de nuevas normativas como estas' });
  await searchBox.getByText('Avisarme de nuevas normativas como estas').click();
  await expect(searchBox).toContainText(`las nuevas normativas que coincidan con «${word}» (Ordenanza)`);
  await expect(searchBox).toContainText('Ley 25.326');
  await searchBox.getByLabel('Su correo electrónico').fill('no es un correo');
  await searchBox.getByRole('button', { name: 'Suscribirme' }).click();
  await expect(searchBox.getByText('Ingrese un correo electrónico válido.')).toBeVisible();
  await searchBox.getByLabel('Su correo electrónico').fill(citizen);
  await searchBox.getByRole('button', { name: 'Suscribirme' }).click();
  await expect(searchBox.getByRole('status')).toHaveText('Si la dirección es correcta, recibirá un correo para confirmar la suscripción. No le enviaremos avisos hasta que la confirme.');
  await expectNoViolations(page);

  // 2. From the followed norm's page.
  await page.goto(`/normativas/ordenanza/${followedNumber}`);
  const normBox = page.getByRole('region', { name: 'Avisarme si esta norma cambia' });
  await normBox.getByText('Avisarme si esta norma cambia').click();
  await normBox.getByLabel('Su correo electrónico').fill(citizen);
  await normBox.getByRole('button', { name: 'Suscribirme' }).click();
  await expect(normBox.getByRole('status')).toContainText('recibirá un correo para confirmar');

  // 3. Two confirmation e-mails and nothing else; each link opens the page that says it worked.
  await expect.poll(async () => (await mailTo(citizen)).length, { timeout: 15_000 }).toBe(2);
  const confirmations = await mailTo(citizen);
  expect(confirmations.map((mail) => mail.subject)).toEqual(['Confirme su suscripción | Concejo Deliberante', 'Confirme su suscripción | Concejo Deliberante']);
  expect(confirmations[0]!.text).toContain(`«${word}»`);
  expect(confirmations[1]!.text).toContain(`Ordenanza ${followedNumber}`);
  for (const mail of confirmations) {
    await page.goto(linkIn(mail, '/api/v1/subscriptions/confirm/'));
    await expect(page).toHaveURL('/suscripcion/confirmada');
    await expect(page.getByRole('heading', { level: 1, name: 'Suscripción confirmada' })).toBeVisible();
  }
  // Opened again (a mail reader's double click, a scanner that opened it first): still confirmed.
  await page.goto(linkIn(confirmations[0]!, '/api/v1/subscriptions/confirm/'));
  await expect(page).toHaveURL('/suscripcion/confirmada');
  await expect(page.getByRole('heading', { level: 1, name: 'Suscripción confirmada' })).toBeVisible();
  await expectNoViolations(page);

  // 4. The admin sees counts, never addresses.
  const admin = await browser.newContext();
  try {
    const adminPage = await admin.newPage();
    await loginAs(adminPage, ACCOUNTS.admin);
    await adminPage.getByRole('button', { name: 'Abrir menú' }).click();
    await adminPage.getByRole('link', { name: 'Suscripciones a avisos' }).click();
    await expect(adminPage).toHaveURL('/admin/suscripciones');
    const counts = adminPage.getByRole('table');
    for (const kind of ['Búsquedas de normativas', 'Cambios de una norma']) {
      const cell = counts.getByRole('row', { name: new RegExp(kind) }).getByRole('cell');
      expect(Number(await cell.textContent())).toBeGreaterThanOrEqual(1);
    }
    await expect(adminPage.getByText(citizen)).toHaveCount(0);
    await expectNoViolations(adminPage);
  } finally {
    await admin.close();
  }

  // 5. A norm that matches the search and modifies the followed one is published; the digest's hour comes
  // (its job queued in the server's database, as the schedule queues it).
  const newNumber = uniqueNumber();
  const followed = await (await request.get(`/api/v1/regulations/published/ordinance/${followedNumber}`)).json();
  await registerNorm(request, token, { state: 'approved', number: String(newNumber), subject: `Ensanche de ${word} en el centro`, modifies: [String(followed.id)] }, 'Artículo 1: Se ensanchan las veredas.');
  await inServerDatabase(`select graphile_worker.add_job('alerts-digest', '{}'::json)`);
  const digest = await waitForMail(citizen, (mail) => mail.headers.has('list-unsubscribe'), { timeout: 30_000 });
  expect(digest.subject).toBe('2 novedades de lo que sigue | Concejo Deliberante');
  expect(digest.text).toContain(`Ensanche de ${word} en el centro`);
  expect(digest.text).toContain(`Ordenanza ${followedNumber}`);
  expect(digest.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

  // 6. Its link opens the new norm's page.
  await page.goto(linkIn(digest, `/normativas/ordenanza/${newNumber}`));
  await expect(page.getByRole('heading', { level: 1, name: `Ordenanza N° ${newNumber}` })).toBeVisible();

  // 7. Out of one alert with the page's button (nothing is dropped by opening the link) ...
  const unsubscribeOne = digest.links.find((link) => link.includes('/api/v1/subscriptions/unsubscribe/s'));
  expect(unsubscribeOne).toBeDefined();
  await page.goto(unsubscribeOne!);
  await expect(page).toHaveURL(/\/suscripcion\/baja\?token=s/);
  await expect(page.getByRole('heading', { level: 1, name: 'Darse de baja' })).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'Darme de baja' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Listo: no recibirá más estos avisos.');
  await expect(page.getByRole('button', { name: 'Darme de baja' })).toBeHidden();
  // The same link opened again, once used: the page says so, and that those alerts will not come.
  await page.goto(unsubscribeOne!);
  await expectUsedUnsubscribeLink(page);

  // ... and out of everything with a mail reader's one click (RFC 8058), which needs no page at all.
  const oneClick = /^<(.+)>$/.exec(digest.headers.get('list-unsubscribe') ?? '')?.[1];
  expect(oneClick).toBeDefined();
  const dropped = await request.post(oneClick!, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(dropped.status()).toBe(200);
  expect((await dropped.json()).message).toBe('Listo: dimos de baja todas las suscripciones de esta dirección.');
  const again = await request.post(oneClick!, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(again.status()).toBe(404);
  expect((await again.json()).message).toBe(USED_OR_INVALID);
  await page.goto(oneClick!);
  await expectUsedUnsubscribeLink(page);
});

/** A new agenda of an ordinary session at `date` (the council's wall clock), through the API; its PDF's path. */
async function publishAgenda(request: APIRequestContext, token: string, date: string): Promise<string> {
  return (await registerAgenda(request, token, { date, acta: '7' })).pdf_path;
}

test('the agendas followed from /ver-orden-dia: a confirmation link opened twice, the digest tells only the agendas published after it, each with its session and PDF; a forged unsubscribe link says it is not valid', async ({ page, request }) => {
  const citizen = `${uniqueWord('agendas')}@example.org`;
  const token = await apiToken(request, ACCOUNTS.asesor);
  // Sessions in 2031 at a time of this test's own: other specs publish agendas meanwhile, and the
  // digest tells this address of theirs too.
  const time = `${String(8 + Math.floor(Math.random() * 12)).padStart(2, '0')}:${String(Math.floor(Math.random() * 60)).padStart(2, '0')}`;
  await publishAgenda(request, token, `2031-06-10T${time}`);

  // Subscribed twice before confirming: two e-mails, the first link replaced by the second.
  await page.goto('/ver-orden-dia');
  const box = page.getByRole('region', { name: 'Avisarme de cada nueva orden del día' });
  await box.getByText('Avisarme de cada nueva orden del día').click();
  await expect(box).toContainText('cada nueva orden del día de las sesiones');
  for (let sent = 1; sent <= 2; sent += 1) {
    await box.getByLabel('Su correo electrónico').fill(citizen);
    await box.getByRole('button', { name: 'Suscribirme' }).click();
    await expect(box.getByRole('status')).toContainText('recibirá un correo para confirmar');
    await expect.poll(async () => (await mailTo(citizen)).length, { timeout: 15_000 }).toBe(sent);
  }
  await expectNoViolations(page);
  const [replaced, latest] = (await mailTo(citizen)).map((mail) => linkIn(mail, '/api/v1/subscriptions/confirm/'));
  await page.goto(replaced!);
  await expect(page).toHaveURL('/suscripcion/error');
  await expect(page.getByRole('main')).toContainText('El enlace de confirmación no es válido, fue reemplazado por uno más reciente o venció');
  await expectNoViolations(page);

  // A mail scanner opens the link first, then the reader double-clicks it: confirmed every time.
  const scanned = await request.get(latest!, { maxRedirects: 0 });
  expect(scanned.status()).toBe(302);
  expect(new URL(scanned.headers().location!).pathname).toBe('/suscripcion/confirmada');
  for (let click = 0; click < 2; click += 1) {
    await page.goto(latest!);
    await expect(page).toHaveURL('/suscripcion/confirmada');
    await expect(page.getByRole('heading', { level: 1, name: 'Suscripción confirmada' })).toBeVisible();
  }
  await expectNoViolations(page);

  // An agenda published now; the digest's hour comes.
  const pdfPath = await publishAgenda(request, token, `2031-06-12T${time}`);
  await inServerDatabase(`select graphile_worker.add_job('alerts-digest', '{}'::json)`);
  const session = `Sesión Ordinaria, Jueves, 12 de junio de 2031, ${time} h`;
  const digest = await waitForMail(citizen, (mail) => mail.headers.has('list-unsubscribe') && mail.text.includes(session), { timeout: 30_000 });
  const pdfUrl = linkIn(digest, pdfPath);
  expect(pdfUrl).toMatch(/^https?:\/\/[^/]+\/api\/v1\/files\/day-orders\/.+\.pdf$/);
  expect(digest.text).toContain(`- Orden del día: ${session} (PDF)\n  ${pdfUrl}\n`);
  expect(digest.html).toContain(`<a href="${pdfUrl}" style="color:#5c4416">Orden del día: ${session} (PDF)</a>`);
  // The agenda published before the subscription is in no e-mail, nor is the list in place of an agenda.
  for (const mail of await mailTo(citizen)) {
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain('10 de junio de 2031');
      expect(part).not.toContain('/ver-orden-dia');
    }
  }
  const pdf = await request.get(pdfUrl);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  await page.goto(`/api/v1/subscriptions/unsubscribe/s1.${'x'.repeat(32)}`);
  await expectUsedUnsubscribeLink(page);
});
