import { randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { API_BASE, SUBSCRIPTION_PATHS, type Role, type SubscribeRequest } from '@concejo/contracts';
import type { App } from '../app.js';
import type { Database } from '../db/client.js';
import { subscriptions, users } from '../db/schema/index.js';
import { hashPassword } from '../lib/passwords.js';
import { digestToken, newToken } from '../lib/tokens.js';
import { addressOf, followedBy } from '../modules/subscriptions/service.js';
import { imageForm, sampleImage, type UploadFile } from './images.js';
import { multipartForm, type FormValue } from './multipart.js';

export interface BuiltUser {
  id: number;
  email: string;
  password: string;
  role: Role;
  name: string;
  lastName: string;
}

/** A user of the given role with a known password; other fields unique per call. */
export async function buildUser(
  db: Database,
  { role = 'asesor', verified = false, ...fields }: Partial<Omit<BuiltUser, 'id'>> & { verified?: boolean } = {},
): Promise<BuiltUser> {
  const suffix = randomBytes(4).toString('hex');
  const user = {
    role,
    email: fields.email ?? `${role}-${suffix}@concejo.test`,
    password: fields.password ?? `Clave-${suffix}-segura`,
    name: fields.name ?? 'Nombre',
    lastName: fields.lastName ?? `Apellido ${suffix}`,
  };
  const [row] = await db
    .insert(users)
    .values({
      role: user.role,
      email: user.email.toLowerCase(),
      name: user.name,
      lastName: user.lastName,
      passwordHash: await hashPassword(user.password),
      emailVerifiedAt: verified ? new Date() : null,
    })
    .returning({ id: users.id });
  return { id: row!.id, ...user };
}

let deviceCounter = 0;
export function newDeviceId(): string {
  deviceCounter += 1;
  return `test-device-${deviceCounter}-${randomBytes(4).toString('hex')}`;
}

export async function login(app: App, user: Pick<BuiltUser, 'email' | 'password'>, deviceId = newDeviceId()) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/login',
    headers: { 'device-id': deviceId },
    payload: { email: user.email, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<{ token: string }>().token;
}

/** A logged-in user of the role: its row and a bearer header. */
export async function buildLoggedInUser(app: App, db: Database, role: Role) {
  const user = await buildUser(db, { role });
  const token = await login(app, user);
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}

// ---- Content, made through the API as its users make it (the routes' own rules and side effects) ----

type Headers = Record<string, string>;

/** Posts and answers the created record; a setup that fails throws with the status and body. */
async function created<T>(app: App, request: { method: 'POST'; url: string; headers: Headers; payload: FormData | Record<string, unknown> }): Promise<T> {
  const response = await app.inject(request);
  if (response.statusCode !== 201) throw new Error(`${request.url} answered ${response.statusCode}: ${response.body}`);
  return response.json<T>();
}

/**
 * A regulation as the staff form sends it (multipart: `links` such as `modifies` as lists, PDFs as
 * `pdf_approved` / `pdf_process` files), by the user whose headers are given; the API's answer. Without
 * fields, a project of ordinance with a unique subject.
 */
export function buildRegulation<T = { id: number; version: number }>(
  app: App,
  headers: Headers,
  fields: Record<string, FormValue> = { type: 'ordinance', subject: `Ordenanza de prueba ${randomBytes(3).toString('hex')}`, authors: ['Ana Pérez'] },
  files: Record<string, Buffer> = {},
): Promise<T> {
  return created<T>(app, { method: 'POST', url: '/api/v1/regulations', headers, payload: multipartForm(fields, files) });
}

/** A news item as the cm's form sends it (published, with a photo unless `files` says otherwise); `fields` over the defaults. */
export async function buildNews<T = { id: number }>(app: App, headers: Headers, fields: Record<string, string | number | undefined> = {}, files?: Record<string, UploadFile | undefined>): Promise<T> {
  const body = { status: 1, title: 'Sesión ordinaria', description: '<p>Se aprobó la <strong>ordenanza</strong>.</p>', type: 'new', ...fields };
  const images = files ?? { image: { content: await sampleImage('jpeg', 1000, 600), name: 'obra.jpg' } };
  return created<T>(app, { method: 'POST', url: '/api/v1/news', headers, payload: imageForm(body, images) });
}

/** A banner as the cm's form sends it (published, with a photo unless `files` says otherwise); `fields` over the defaults. */
export async function buildBanner<T = { id: number }>(app: App, headers: Headers, fields: Record<string, string | number | undefined> = {}, files?: Record<string, UploadFile | undefined>): Promise<T> {
  const images = files ?? { image: { content: await sampleImage('jpeg', 1280, 720), name: 'plaza.jpg' } };
  return created<T>(app, { method: 'POST', url: '/api/v1/banners', headers, payload: imageForm({ status: 1, type: 'banner', ...fields }, images) });
}

/** An agenda (orden del día) of a session on the council's wall clock; `body` over an ordinary session of 2026-03-10 at 19:00. */
export function buildDayOrder<T = { id: number; pdf_path: string }>(app: App, headers: Headers, body: Record<string, unknown> = {}): Promise<T> {
  return created<T>(app, { method: 'POST', url: '/api/v1/day-orders', headers, payload: { sessionType: 'ordinaria', date: '2026-03-10T19:00', acta: '12', ...body } });
}

/** `column` equals `value`, null included. */
const sameAs = (column: SQLWrapper, value: unknown) => sql`${column} is not distinct from ${value}`;

/**
 * A subscription to e-mail alerts as a visitor makes it (POST /subscriptions, from a client address of
 * its own, so that the per-client limit never counts another call's) and, unless `confirmed: false`,
 * confirmed through its link: the confirmation e-mail's job runs first (it sets the link it mails), then
 * the link is replaced by one the factory knows, as a newer e-mail would, and opened. Its id.
 */
export async function buildSubscription(app: App, db: Database, request: SubscribeRequest, { confirmed = true } = {}): Promise<{ id: number }> {
  const client = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const asked = await app.inject({ method: 'POST', url: `${API_BASE}${SUBSCRIPTION_PATHS.subscriptions}`, headers: { 'x-forwarded-for': client }, payload: request });
  if (asked.statusCode !== 202) throw new Error(`buildSubscription: ${asked.statusCode} ${asked.body}`);
  await app.jobs.idle();
  // The row the service wrote or found for this request (its answer names none, whatever the address).
  const followed = followedBy(request);
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.emailDigest, digestToken(addressOf(request.email))),
        eq(subscriptions.kind, followed.kind),
        sameAs(subscriptions.search, followed.search),
        sameAs(subscriptions.type, followed.type),
        sameAs(subscriptions.legalForce, followed.legalForce),
        sameAs(subscriptions.regulationId, followed.regulationId),
      ),
    )
    .orderBy(desc(subscriptions.id))
    .limit(1);
  if (!row) throw new Error(`buildSubscription: no subscription of ${request.email} was recorded`);
  if (!confirmed) return row;
  const token = newToken();
  await db.update(subscriptions).set({ confirmTokenHash: digestToken(token) }).where(eq(subscriptions.id, row.id));
  const opened = await app.inject({ url: `${API_BASE}${SUBSCRIPTION_PATHS.confirm(token)}` });
  if (opened.statusCode !== 302 || !opened.headers.location?.toString().endsWith('/suscripcion/confirmada')) {
    throw new Error(`buildSubscription: the confirmation link answered ${opened.statusCode} ${opened.headers.location ?? opened.body}`);
  }
  return row;
}
