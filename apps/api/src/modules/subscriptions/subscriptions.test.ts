import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { informalForms, SUBSCRIPTION_MESSAGES, type SubscriptionCounts } from '@concejo/contracts';
import { addJob } from '../../queue/queue.js';
import { buildLoggedInUser, buildDayOrder, buildRegulation, buildSubscription } from '../../test/factories.js';
import { statusCounts, together } from '../../test/bursts.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { startSmtpSink, type SmtpSink } from '../../test/mail.js';
import { samplePdf, type FormValue } from '../../test/multipart.js';
import { SUBSCRIBE_LIMITS } from './service.js';

/**
 * Citizens' e-mail alerts through the API, with every message going through a real SMTP server on
 * localhost: subscribe, confirm, a matching norm published, the digest with its links, one-click
 * unsubscribe; nothing sent before confirmation; the limits.
 */

const PUBLIC_URL = 'https://concejo.example.org';
/** What an unsubscribe link forged or already used gets: true in both cases, and no invitation to subscribe again. */
const USED_OR_INVALID = 'Este enlace para darse de baja no es válido o ya se usó. Si ya se dio de baja, no recibirá más esos avisos.';
let ctx: TestContext;
let sink: SmtpSink;
let outboxDir: string;
let asesor: Record<string, string>;
let admin: Record<string, string>;
let nextNumber = 7000;
/** Each test's client address, so that the per-client limit of one does not reach another. */
let client = 0;
const from = () => `10.0.0.${client}`;

beforeAll(async () => {
  sink = await startSmtpSink();
  outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-test-outbox-'));
  ctx = await createTestApp({ publicUrl: PUBLIC_URL, trustProxy: 1, mail: { smtpUrl: sink.url, from: 'Concejo <no-reply@concejo.example.org>', outboxDir } });
  ({ headers: asesor } = await buildLoggedInUser(ctx.app, ctx.db, 'asesor'));
  ({ headers: admin } = await buildLoggedInUser(ctx.app, ctx.db, 'admin'));
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
  await fs.rm(outboxDir, { recursive: true, force: true });
});
beforeEach(() => {
  client += 1;
});

const subscribe = (body: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/subscriptions', headers: { 'x-forwarded-for': from() }, payload: body as Record<string, unknown> });

const subscribeFrom = (address: string, body: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/subscriptions', headers: { 'x-forwarded-for': address }, payload: body as Record<string, unknown> });
/** A public ordinance (approved), with whatever `fields` add; its id. */
async function ordinance(subject: string, fields: Record<string, FormValue> = {}): Promise<{ id: number; number: number }> {
  const number = nextNumber++;
  const { id } = await buildRegulation(ctx.app, asesor, { type: 'ordinance', state: 'approved', number, subject, authors: ['Ana'], ...fields }, { pdf_approved: samplePdf() });
  return { id, number };
}

/** A new agenda (orden del día) of a session on the council's wall clock, e.g. '2026-03-10T19:00'; its PDF's path. */
async function agenda(sessionType: 'ordinaria' | 'convocada', date: string): Promise<{ pdfPath: string }> {
  const { pdf_path } = await buildDayOrder(ctx.app, asesor, {
    sessionType,
    date,
    acta: '45',
    correspondence: [],
    dem_message: [],
    projects: [],
    comision_gobierno: ['Despacho sobre habilitaciones'],
    comision_hacienda: [],
    comision_obras: [],
    comision_higiene: [],
  });
  return { pdfPath: pdf_path };
}

/** Runs the digest now (as its hour would) and waits for its e-mails to leave. */
async function runDigest(): Promise<void> {
  await ctx.app.jobs.idle();
  await addJob(ctx.db, 'alerts-digest', {});
  await ctx.app.jobs.idle();
}

/** The link of the last confirmation e-mail sent to `email`. */
function confirmationLink(email: string): URL {
  const mail = sink.to(email).filter((message) => message.subject.startsWith('Confirme su suscripción')).at(-1);
  expect(mail, `a confirmation e-mail to ${email}`).toBeDefined();
  return new URL(mail!.links.find((link) => link.includes('/subscriptions/confirm/'))!);
}
const open = (url: URL, method: 'GET' | 'POST' = 'GET', body?: string) =>
  ctx.app.inject({ method, url: `${url.pathname}${url.search}`, ...(body ? { payload: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}) });
const digestsTo = (email: string) => sink.to(email).filter((message) => message.headers.has('list-unsubscribe'));

describe('e-mail alerts of new norms like a search', () => {
  it('sends nothing but the confirmation until it is confirmed; then the digest tells of a matching norm, with its page, and one click ends it', async () => {
    const email = 'Vecina.Arbolado@example.org';
    const asked = await subscribe({ email, kind: 'search', filters: { search: 'arbolado', type: 'ordinance' } });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.accepted });
    await ctx.app.jobs.idle();
    const confirmation = sink.to(email);
    expect(confirmation).toHaveLength(1);
    expect(confirmation[0]!.subject).toBe('Confirme su suscripción | Concejo Deliberante');
    // Addressed as usted, in both parts.
    expect(informalForms(confirmation[0]!.text)).toEqual([]);
    expect(informalForms(confirmation[0]!.html)).toEqual([]);
    expect(confirmation[0]!.html).toContain('Si el botón no funciona, copie este enlace en su navegador:');
    expect(confirmation[0]!.text).toContain('las nuevas normativas que coincidan con «arbolado» (Ordenanza)');
    expect(confirmation[0]!.text).toContain('Ley 25.326');

    // Published before the confirmation: never told.
    await ordinance('Arbolado de la plaza central');
    await runDigest();
    expect(digestsTo(email)).toHaveLength(0);

    const confirmed = await open(confirmationLink(email));
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe(`${PUBLIC_URL}/suscripcion/confirmada`);

    const matching = await ordinance('Poda y reposición del arbolado urbano');
    await ordinance('Tasa de alumbrado público');
    await runDigest();
    const digests = digestsTo(email);
    expect(digests).toHaveLength(1);
    const digest = digests[0]!;
    expect(digest.subject).toBe('Una novedad de lo que sigue | Concejo Deliberante');
    expect(informalForms(`${digest.subject}\n${digest.text}`)).toEqual([]);
    expect(informalForms(digest.html)).toEqual([]);
    expect(digest.text).toContain(`Ordenanza ${matching.number}`);
    expect(digest.text).toContain('Poda y reposición del arbolado urbano');
    expect(digest.links).toContain(`${PUBLIC_URL}/normativas/ordenanza/${matching.number}`);
    expect(digest.text).not.toContain('alumbrado');
    expect(digest.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = new URL(/^<(.+)>$/.exec(digest.headers.get('list-unsubscribe')!)![1]!);
    expect(oneClick.origin).toBe(PUBLIC_URL);
    expect(digest.links).toContain(oneClick.href);

    // Told once.
    await runDigest();
    expect(digestsTo(email)).toHaveLength(1);

    // A mail reader's one-click: a POST with the form body RFC 8058 prescribes.
    const dropped = await open(oneClick, 'POST', 'List-Unsubscribe=One-Click');
    expect(dropped.statusCode).toBe(200);
    expect(dropped.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.unsubscribedAll });
    await ordinance('Arbolado de la avenida costanera');
    await runDigest();
    expect(digestsTo(email)).toHaveLength(1);
    const used = await open(oneClick, 'POST');
    expect(used.statusCode).toBe(404);
    expect(used.json().message).toBe(USED_OR_INVALID);
    expect((await open(oneClick)).headers.location).toBe(`${PUBLIC_URL}/suscripcion/baja`);
  });
});

describe('e-mail alerts of changes to a norm', () => {
  it('tells a follower when another public norm repeals it, naming both, and of a new agenda, in one digest; each subscription can be stopped alone', async () => {
    const email = 'sigue.norma@example.org';
    const followed = await ordinance('Régimen de carga y descarga en el centro');
    expect((await subscribe({ email, kind: 'regulation', regulation_id: followed.id })).statusCode).toBe(202);
    expect((await subscribe({ email, kind: 'day-orders' })).statusCode).toBe(202);
    await ctx.app.jobs.idle();
    const links = sink.to(email).flatMap((mail) => mail.links.filter((link) => link.includes('/subscriptions/confirm/')));
    expect(links).toHaveLength(2);
    for (const link of links) expect((await open(new URL(link))).headers.location).toBe(`${PUBLIC_URL}/suscripcion/confirmada`);

    const repealing = await ordinance('Nuevo régimen de carga y descarga', { repeals: [followed.id] });
    const { pdfPath } = await agenda('ordinaria', '2026-03-10T19:00');
    await runDigest();
    const digests = digestsTo(email);
    expect(digests).toHaveLength(1);
    const [digest] = digests;
    expect(digest!.subject).toBe('2 novedades de lo que sigue | Concejo Deliberante');
    expect(digest!.text).toContain(`Ordenanza ${followed.number}: derogada por la Ordenanza ${repealing.number}`);
    expect(digest!.text).toContain('Sobre los cambios de la Ordenanza');
    expect(digest!.text).toContain(`- Orden del día: Sesión Ordinaria, Martes, 10 de marzo de 2026, 19:00 h (PDF)\n  ${PUBLIC_URL}${pdfPath}\n`);
    // Each subscription can be stopped alone.
    const one = new URL(digest!.links.find((link) => /\/unsubscribe\/s\d+\./.test(link))!);
    const page = await open(one);
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toMatch(new RegExp(`^${PUBLIC_URL}/suscripcion/baja\\?token=s\\d+\\.`));
    expect((await open(one, 'POST')).json()).toEqual({ message: SUBSCRIPTION_MESSAGES.unsubscribed });
    // Used: opened again it leads to the page without its token, which says so; posted again, a 404 that says it.
    expect((await open(one)).headers.location).toBe(`${PUBLIC_URL}/suscripcion/baja`);
    const again = await open(one, 'POST');
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(USED_OR_INVALID);
    // The address still follows the agendas: its link for everything still asks.
    expect((await open(new URL(digest!.links.find((link) => /\/unsubscribe\/a[0-9a-f]{64}\./.test(link))!))).headers.location).toMatch(
      new RegExp(`^${PUBLIC_URL}/suscripcion/baja\\?token=a[0-9a-f]{64}\\.`),
    );
    const counts = await ctx.app.inject({ url: '/api/v1/subscriptions/counts', headers: admin });
    expect(counts.json().confirmed['day-orders']).toBeGreaterThanOrEqual(1);
  });
});

describe('e-mail alerts of the steps of a norm', () => {
  it('tells the followers of a norm and of a search it meets of each new step of its trámite, as it stands when the digest is sent', async () => {
    const email = 'sigue.pasos@example.org';
    const searcher = 'busca.pasos@example.org';
    const followed = await ordinance('Régimen de estacionamiento medido en el microcentro');
    await buildSubscription(ctx.app, ctx.db, { email, kind: 'regulation', regulation_id: followed.id });
    await buildSubscription(ctx.app, ctx.db, { email: searcher, kind: 'search', filters: { search: 'estacionamiento medido' } });
    const other = await ordinance('Régimen de ferias francas');
    const step = (id: number, body: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: `/api/v1/regulations/${id}/actions`, headers: asesor, payload: body });
    expect((await step(followed.id, { kind: 'promulgacion', promulgation: 'tacita', date: '2026-03-12' })).statusCode).toBe(201);
    expect((await step(followed.id, { kind: 'publicacion', date: '2026-03-20', edition: '3121', page: 2 })).statusCode).toBe(201);
    expect((await step(other.id, { kind: 'publicacion', date: '2026-03-20', edition: '3121' })).statusCode).toBe(201);
    // A step deleted before the digest tells nothing.
    const vetoed = await step(followed.id, { kind: 'insistencia', date: '2026-03-25' });
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v1/regulations/${followed.id}/actions/${vetoed.json().id}`, headers: asesor })).statusCode).toBe(200);
    await runDigest();

    for (const address of [email, searcher]) {
      const digests = digestsTo(address);
      expect(digests, address).toHaveLength(1);
      const text = digests[0]!.text;
      expect(text).toContain(`- Ordenanza ${followed.number}: Promulgación (12/03/2026)\n  Régimen de estacionamiento medido en el microcentro\n  ${PUBLIC_URL}/normativas/ordenanza/${followed.number}\n`);
      expect(text).toContain(`- Ordenanza ${followed.number}: Publicación en el Boletín Oficial (20/03/2026)`);
      expect(text).not.toContain('Insistencia');
      expect(text).not.toContain(`Ordenanza ${other.number}`);
    }
  });
});

describe("a stranger's text in the e-mails", () => {
  it('quotes the followed search on one line, shortened and with no link left, in the confirmation and in the digest', async () => {
    // Anyone may subscribe any address: the search is their message, sent in the council's name.
    const email = 'destinataria@example.org';
    const search = 'arbolado\r\n\r\nURGENTE: visite www.pagos-concejo.net y regularice su deuda en https://pago-municipal.example.com/deuda hoy mismo o su cuenta será suspendida';
    const quoted = 'las nuevas normativas que coincidan con «arbolado URGENTE: visite [enlace omitido] y regularice su d…»';
    expect((await subscribe({ email, kind: 'search', filters: { search } })).statusCode).toBe(202);
    await ctx.app.jobs.idle();
    const [confirmation] = sink.to(email);
    const confirmationLine = `Usted pidió recibir por correo avisos del Concejo Deliberante sobre ${quoted}.`;
    await open(confirmationLink(email));
    // A norm the search finds (its keywords hold every word searched).
    await ordinance('Poda del arbolado', { keywords: ['urgente', 'visite', 'www', 'pagos', 'concejo', 'net', 'regularice', 'deuda'] });
    await runDigest();
    const [digest] = digestsTo(email);
    expect({
      confirmationText: confirmation!.text.split('\n').includes(confirmationLine),
      confirmationHtml: confirmation!.html.includes(`<p>${confirmationLine}</p>`),
      digestText: digest?.text.split('\n').includes(`Sobre ${quoted}:`),
      digestHtml: digest?.html.includes(`>Sobre ${quoted}</h2>`),
    }).toEqual({ confirmationText: true, confirmationHtml: true, digestText: true, digestHtml: true });
    for (const part of [confirmation!.text, confirmation!.html, digest!.text, digest!.html]) expect(part).not.toMatch(/pagos-concejo|pago-municipal|www\./);
  });
});

describe('what a digest tells', () => {
  it('tells a new subscriber only what was recorded after the confirmation, and links each agenda to its PDF, naming its session', async () => {
    const email = 'recien.llegada@example.org';
    // Before the address subscribes: agendas, a norm its search matches, a change to the norm it will follow.
    await agenda('ordinaria', '2026-03-03T19:00');
    await agenda('ordinaria', '2026-03-05T19:00');
    const earlier = await ordinance('Sincronización de semáforos del centro');
    const followed = await ordinance('Estacionamiento medido en el centro');
    const earlierChange = await ordinance('Estacionamiento medido: nuevas tarifas', { modifies: [followed.id] });
    for (const body of [{ kind: 'search', filters: { search: 'semaforos' } }, { kind: 'regulation', regulation_id: followed.id }, { kind: 'day-orders' }]) {
      expect((await subscribe({ email, ...body })).statusCode).toBe(202);
    }
    await ctx.app.jobs.idle();
    // Asked for, not yet confirmed: still before.
    await agenda('ordinaria', '2026-03-12T19:00');
    const unconfirmed = await ordinance('Semáforos para ciegos en la avenida');
    const links = sink.to(email).flatMap((mail) => mail.links.filter((link) => link.includes('/subscriptions/confirm/')));
    expect(links).toHaveLength(3);
    for (const link of links) expect((await open(new URL(link))).headers.location).toBe(`${PUBLIC_URL}/suscripcion/confirmada`);

    const { pdfPath } = await agenda('convocada', '2026-04-07T10:30');
    const later = await ordinance('Semáforos inteligentes en la ruta');
    const laterChange = await ordinance('Estacionamiento medido: horarios', { modifies: [followed.id] });
    await runDigest();
    const digests = digestsTo(email);
    expect(digests).toHaveLength(1);
    const { subject, text, html, links: digestLinks } = digests[0]!;
    expect(subject).toBe('3 novedades de lo que sigue | Concejo Deliberante');
    expect(informalForms(text)).toEqual([]);
    expect(informalForms(html)).toEqual([]);
    const session = 'Sesión Convocada (extraordinaria, convocada por el Departamento Ejecutivo), Martes, 7 de abril de 2026, 10:30 h';
    const pdfUrl = `${PUBLIC_URL}${pdfPath}`;
    expect(pdfPath).toMatch(/^\/api\/v1\/files\/day-orders\/.+\.pdf$/);
    expect(text).toContain(`- Orden del día: ${session} (PDF)\n  ${pdfUrl}\n`);
    expect(html).toContain(`<a href="${pdfUrl}" style="color:#5c4416">Orden del día: ${session} (PDF)</a>`);
    expect(text).toContain(`Ordenanza ${later.number}`);
    expect(text).toContain(`Ordenanza ${followed.number}: modificada por la Ordenanza ${laterChange.number}`);
    for (const told of [pdfUrl, `${PUBLIC_URL}/normativas/ordenanza/${later.number}`, `${PUBLIC_URL}/normativas/ordenanza/${laterChange.number}`]) {
      expect(digestLinks).toContain(told);
      expect(html).toContain(`href="${told}"`);
    }
    // Nothing from before the confirmation, in either part; no agenda sent to the list instead of itself.
    for (const part of [text, html]) {
      for (const number of [earlier.number, earlierChange.number, unconfirmed.number]) expect(part).not.toContain(`Ordenanza ${number}`);
      for (const day of ['3 de marzo', '5 de marzo', '12 de marzo']) expect(part).not.toContain(day);
      expect(part).not.toContain('/ver-orden-dia');
    }
    // The link opens the agenda's PDF.
    const pdf = await ctx.app.inject({ url: pdfPath });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });
});

describe('subscribing', () => {
  it('answers 202 the same for a new, a repeated and a confirmed address; 422 for a norm that is not public', async () => {
    const first = await subscribe({ email: 'nueva@example.org', kind: 'day-orders' });
    const again = await subscribe({ email: 'nueva@example.org', kind: 'day-orders' });
    expect([first.statusCode, again.statusCode]).toEqual([202, 202]);
    expect(again.body).toBe(first.body);
    const missing = await subscribe({ email: 'nueva@example.org', kind: 'regulation', regulation_id: 999_999 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.regulation_id).toEqual([SUBSCRIPTION_MESSAGES.regulationMissing]);
    // The address's messages are the public pages' (usted), not the login form's.
    expect((await subscribe({ email: 'no-es-un-email', kind: 'day-orders' })).json().errors.email).toEqual(['Ingrese un correo electrónico válido.']);
    expect((await subscribe({ email: 'a@b.org', kind: 'todo' })).json().errors.kind).toEqual(['Elija qué quiere seguir: una búsqueda, una norma o las órdenes del día.']);
    for (const body of [{ email: 'no-es-un-email', kind: 'day-orders' }, { email: 'a@b.org', kind: 'todo' }, { email: 'a@b.org', kind: 'search', filters: { search: 'x'.repeat(201) } }, { email: 'a@b.org', kind: 'search', filters: { extra: 1 } }]) {
      expect((await subscribe(body)).statusCode, JSON.stringify(body)).toBe(422);
    }
  });

  it(`limits an address to ${SUBSCRIBE_LIMITS.perAddress} requests an hour and a client to ${SUBSCRIBE_LIMITS.perClient}, with a Spanish 429 and Retry-After`, async () => {
    for (let attempt = 0; attempt < SUBSCRIBE_LIMITS.perAddress; attempt += 1) expect((await subscribe({ email: 'insistente@example.org', kind: 'day-orders' })).statusCode).toBe(202);
    const refused = await subscribe({ email: 'insistente@example.org', kind: 'day-orders' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Demasiadas solicitudes de suscripción\. Inténtelo de nuevo en \d+ minutos?\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The refused request did not count: the client has made perAddress so far.
    for (let attempt = 0; attempt < SUBSCRIBE_LIMITS.perClient - SUBSCRIBE_LIMITS.perAddress; attempt += 1) {
      expect((await subscribe({ email: `vecino${attempt}@example.org`, kind: 'day-orders' })).statusCode).toBe(202);
    }
    expect((await subscribe({ email: 'otro.mas@example.org', kind: 'day-orders' })).statusCode).toBe(429);
    ctx.clock.advance(SUBSCRIBE_LIMITS.windowMs + 1);
    expect((await subscribe({ email: 'otro.mas@example.org', kind: 'day-orders' })).statusCode).toBe(202);
  });

  it(`holds the limits under requests sent together: of 40 for one address, ${SUBSCRIBE_LIMITS.perAddress} are e-mailed; of 60 addresses from one client, ${SUBSCRIBE_LIMITS.perClient}`, async () => {
    const email = 'rafaga@example.org';
    const sameAddress = await together(40, (index) => subscribe({ email, kind: 'search', filters: { search: `tema ${index}` } }));
    client += 1;
    const sameClient = await together(60, (index) => subscribe({ email: `rafaga${index}@example.org`, kind: 'day-orders' }));
    await ctx.app.jobs.idle();
    const confirmations = (to: string) => sink.to(to).filter((message) => message.subject.startsWith('Confirme su suscripción')).length;
    expect({
      sameAddress: statusCounts(sameAddress),
      sameAddressMails: confirmations(email),
      sameClient: statusCounts(sameClient),
      sameClientMails: Array.from({ length: 60 }, (_, index) => confirmations(`rafaga${index}@example.org`)).reduce((sum, count) => sum + count),
    }).toEqual({
      sameAddress: { 202: SUBSCRIBE_LIMITS.perAddress, 429: 40 - SUBSCRIBE_LIMITS.perAddress },
      sameAddressMails: SUBSCRIBE_LIMITS.perAddress,
      sameClient: { 202: SUBSCRIBE_LIMITS.perClient, 429: 60 - SUBSCRIBE_LIMITS.perClient },
      sameClientMails: SUBSCRIBE_LIMITS.perClient,
    });
  });

  it('counts the variants of one mailbox (+tags, case, Gmail\'s dots) as one address, and writes to each as typed', async () => {
    const variants = ['vecina+1@example.org', 'VECINA+2@Example.org', 'vecina+alertas@example.org', 'vecina@example.org', 'vecina+3@example.org', 'vecina+4@example.org', 'vecina+5@example.org'];
    // Each from its own client, so that only the address's limit is in play.
    const answers = await Promise.all(variants.map((email, index) => subscribeFrom(`10.1.0.${index + 1}`, { email, kind: 'day-orders' })));
    expect(statusCounts(answers)).toEqual({ 202: SUBSCRIBE_LIMITS.perAddress, 429: variants.length - SUBSCRIBE_LIMITS.perAddress });
    const gmail = ['ve.ci.na@gmail.com', 'vecina+x@googlemail.com', 'V.E.C.I.N.A@gmail.com', 'vecina@gmail.com', 'vec.ina+y@gmail.com', 'vecina+z@gmail.com'];
    const gmailAnswers = [];
    for (const [index, email] of gmail.entries()) gmailAnswers.push(await subscribeFrom(`10.1.1.${index + 1}`, { email, kind: 'day-orders' }));
    expect(gmailAnswers.map((answer) => answer.statusCode)).toEqual([202, 202, 202, 202, 202, 429]);
    await ctx.app.jobs.idle();
    // The mail goes to the address as it was typed (lower-cased), its +tag kept.
    expect(sink.to('vecina+x@googlemail.com')).toHaveLength(1);
    expect(sink.to('vecina@gmail.com')).toHaveLength(1);
  });

  it('answers a confirmation link opened again (a double click, a mail scanner) with the confirmed page; a replaced, expired or unknown one with the error page', async () => {
    const email = 'doble.clic@example.org';
    await subscribe({ email, kind: 'day-orders' });
    await ctx.app.jobs.idle();
    const replaced = confirmationLink(email);
    // Asked again before confirming: a new link, and the first one stops working.
    await subscribe({ email, kind: 'day-orders' });
    await ctx.app.jobs.idle();
    const link = confirmationLink(email);
    expect(link.href).not.toBe(replaced.href);
    const before = await ctx.app.subscriptions.counts();
    // Two openings at once, then a third later: each lands on the confirmed page.
    const both = await Promise.all([open(link), open(link)]);
    expect(both.map((answer) => [answer.statusCode, answer.headers.location])).toEqual([
      [302, `${PUBLIC_URL}/suscripcion/confirmada`],
      [302, `${PUBLIC_URL}/suscripcion/confirmada`],
    ]);
    ctx.clock.advance(72 * 60 * 60_000);
    expect((await open(link)).headers.location).toBe(`${PUBLIC_URL}/suscripcion/confirmada`);
    const after = await ctx.app.subscriptions.counts();
    expect(after.confirmed['day-orders']).toBe(before.confirmed['day-orders'] + 1);
    expect(after.unconfirmed).toBe(before.unconfirmed - 1);
    expect((await open(replaced)).headers.location).toBe(`${PUBLIC_URL}/suscripcion/error`);
    // A link never sent, of the right shape, and one of the wrong shape.
    for (const token of ['A'.repeat(43), 'no-es-un-enlace']) {
      expect((await ctx.app.inject({ url: `/api/v1/subscriptions/confirm/${token}` })).headers.location).toBe(`${PUBLIC_URL}/suscripcion/error`);
    }
    // An unconfirmed link past its 48 hours, before the hourly sweep deletes it.
    const late = 'tarde@example.org';
    await subscribe({ email: late, kind: 'day-orders' });
    await ctx.app.jobs.idle();
    ctx.clock.advance(48 * 60 * 60_000 + 1);
    expect((await open(confirmationLink(late))).headers.location).toBe(`${PUBLIC_URL}/suscripcion/error`);
  });

  it('deletes a subscription left unconfirmed for 48 hours; its link then leads to the error page', async () => {
    const email = 'olvidadiza@example.org';
    await subscribe({ email, kind: 'day-orders' });
    await ctx.app.jobs.idle();
    const link = confirmationLink(email);
    const before = (await ctx.app.subscriptions.counts()).unconfirmed;
    ctx.clock.advance(48 * 60 * 60_000 + 1);
    await ctx.app.subscriptions.sweepUnconfirmed();
    expect((await ctx.app.subscriptions.counts()).unconfirmed).toBeLessThan(before);
    expect((await open(link)).headers.location).toBe(`${PUBLIC_URL}/suscripcion/error`);
  });

  it('refuses a forged or altered unsubscribe link, and shows counts to the admin only, never an address', async () => {
    // The clock has moved past the sessions of the first tests.
    ({ headers: asesor } = await buildLoggedInUser(ctx.app, ctx.db, 'asesor'));
    ({ headers: admin } = await buildLoggedInUser(ctx.app, ctx.db, 'admin'));
    for (const token of ['s1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'a' + '0'.repeat(64) + '.xx', '../../etc', 'x'.repeat(100)]) {
      const refused = await ctx.app.inject({ method: 'POST', url: `/api/v1/subscriptions/unsubscribe/${encodeURIComponent(token)}` });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(USED_OR_INVALID);
      // The unsubscribe page without a token (it says the link is not valid or was used), not the confirmation links' error page.
      expect((await ctx.app.inject({ url: `/api/v1/subscriptions/unsubscribe/${encodeURIComponent(token)}` })).headers.location).toBe(`${PUBLIC_URL}/suscripcion/baja`);
    }
    // Longer than any route parameter may be: Fastify's 414.
    expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/subscriptions/unsubscribe/${'x'.repeat(101)}` })).statusCode).toBe(414);
    expect((await ctx.app.inject({ url: '/api/v1/subscriptions/counts' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/v1/subscriptions/counts', headers: asesor })).statusCode).toBe(403);
    const counts = await ctx.app.inject({ url: '/api/v1/subscriptions/counts', headers: admin });
    expect(Object.keys(counts.json())).toEqual(['confirmed', 'unconfirmed']);
    expect(counts.body).not.toContain('@');
    // Each kind counted apart, and one waiting for its confirmation only among those waiting.
    const before = counts.json<SubscriptionCounts>();
    const followed = await ordinance('Poda del arbolado público');
    await buildSubscription(ctx.app, ctx.db, { email: 'cuenta.busqueda@example.org', kind: 'search', filters: { search: 'poda' } });
    await buildSubscription(ctx.app, ctx.db, { email: 'cuenta.norma@example.org', kind: 'regulation', regulation_id: followed.id });
    await buildSubscription(ctx.app, ctx.db, { email: 'cuenta.espera@example.org', kind: 'day-orders' }, { confirmed: false });
    const after = (await ctx.app.inject({ url: '/api/v1/subscriptions/counts', headers: admin })).json<SubscriptionCounts>();
    expect(after).toEqual({
      confirmed: { ...before.confirmed, search: before.confirmed.search + 1, regulation: before.confirmed.regulation + 1 },
      unconfirmed: before.unconfirmed + 1,
    });
  });
});
