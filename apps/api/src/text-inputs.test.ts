import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_MESSAGES, type Role } from '@concejo/contracts';
import { buildLoggedInUser } from './test/factories.js';
import { createTestApp, type TestContext } from './test/harness.js';
import { imageForm, sampleImage, type UploadFile } from './test/images.js';
import { multipartForm, samplePdf } from './test/multipart.js';

// Every text field of every request body refuses C0 control characters (but tab, line feed and
// carriage return) and DEL with a Spanish 422 naming the field: stored, they would come out in the
// Atom feed (where XML forbids them), the downloads, the agenda PDF and the e-mails. Search boxes in
// the query string drop them instead (see packages/contracts/src/text.ts for why).

let ctx: TestContext;
const as = {} as Record<Role, { authorization: string }>;
let photo: UploadFile;
/** Edited by the tests of the update route. */
let regulation: { id: number; version: number };
/** Left alone, for the searches. */
let searchable: { id: number };
let bannerId: number;
let newsId: number;
let counter = 0;
const unique = () => (counter += 1);

beforeAll(async () => {
  ctx = await createTestApp();
  for (const role of ['admin', 'asesor', 'cm', 'user'] as const) as[role] = (await buildLoggedInUser(ctx.app, ctx.db, role)).headers;
  photo = { content: await sampleImage('png', 64, 36), name: 'mini.png', type: 'image/png' };
  const created = await multipart('/regulations', 'admin', { type: 'ordinance', subject: 'Proyecto de veredas', author_type: 'concejal', authors: ['Luis Gil'] });
  expect(created.statusCode, created.body).toBe(201);
  regulation = created.json();
  const approved = await multipart(
    '/regulations',
    'admin',
    { type: 'ordinance', state: 'approved', number: 900, subject: 'Arbolado urbano de la plaza', author_type: 'concejal', authors: ['Ana Paz'], keywords: ['arbolado'] },
    { pdf_approved: samplePdf('Arbolado') },
  );
  expect(approved.statusCode, approved.body).toBe(201);
  searchable = approved.json();
  const banner = await ctx.app.inject({ method: 'POST', url: '/api/v1/banners', headers: as.cm, payload: imageForm({ status: 1 }, { image: photo }) });
  bannerId = banner.json().id;
  const news = await ctx.app.inject({ method: 'POST', url: '/api/v1/news', headers: as.cm, payload: imageForm(newsFields) });
  newsId = news.json().id;
  await ctx.app.jobs.idle();
});
afterAll(() => ctx.close());

const newsFields = { status: 1, title: 'Noticia', description: '<p>Texto</p>', video_url: 'https://www.instagram.com/p/texto/' };

interface TextInput {
  name: string;
  /** The error key: the field, or for a list the field and the item's index. */
  field: string;
  send: (text: string) => Promise<LightMyRequestResponse>;
}

const multipart = (url: string, role: Role, fields: Record<string, string | number | readonly string[]>, files: Record<string, Buffer> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: as[role], payload: multipartForm(fields, files) });
const json = (method: 'POST' | 'PUT', url: string, role: Role, payload: Record<string, unknown>) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: as[role], payload });
const images = (url: string, fields: Record<string, string | number>, withImage = false) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: as.cm, payload: imageForm(fields, withImage ? { image: photo } : {}) });
const change = (changes: Record<string, unknown>) =>
  multipart(`/regulations/${regulation.id}`, 'admin', { changes: JSON.stringify(changes), version: regulation.version });

const newRegulation = { type: 'correspondence', subject: 'Nota de vecinos', authors: ['Vecinos'] };
const agenda = { sessionType: 'ordinaria', date: '2026-03-10T19:00', acta: '12' };
const person = () => {
  const email = `persona${unique()}@concejo.test`;
  return { name: 'Carla', last_name: 'Benítez', email, email_confirmation: email, password: 'Banca-Concejal-2026', password_confirmation: 'Banca-Concejal-2026', role: 'mesa' };
};

const INPUTS: TextInput[] = [
  { name: 'POST /regulations subject', field: 'subject', send: (text) => multipart('/regulations', 'admin', { ...newRegulation, subject: text }) },
  { name: 'POST /regulations authors[]', field: 'authors', send: (text) => multipart('/regulations', 'admin', { ...newRegulation, authors: ['Vecinos', text] }) },
  {
    name: 'POST /regulations keywords[]',
    field: 'keywords',
    send: (text) => multipart('/regulations', 'admin', { ...newRegulation, keywords: [text] }),
  },
  { name: 'POST /regulations/:id changes.subject', field: 'subject', send: (text) => change({ subject: text }) },
  { name: 'POST /regulations/:id changes.authors', field: 'authors', send: (text) => change({ authors: [text] }) },
  { name: 'POST /regulations/:id changes.keywords', field: 'keywords', send: (text) => change({ keywords: [text] }) },
  {
    name: 'POST /old-regulations keywords[]',
    field: 'keywords',
    send: (text) => multipart('/old-regulations', 'admin', { date: '1990-01-01', type: 'ordinance', number: 7000 + unique(), keywords: [text] }, { pdf: samplePdf('Antigua') }),
  },
  { name: 'POST /day-orders acta', field: 'acta', send: (text) => json('POST', '/day-orders', 'asesor', { ...agenda, acta: text }) },
  ...(['comision_gobierno', 'comision_hacienda', 'comision_obras', 'comision_higiene'] as const).map((section) => ({
    name: `POST /day-orders ${section}[]`,
    field: `${section}.0`,
    send: (text: string) => json('POST', '/day-orders', 'asesor', { ...agenda, [section]: [text] }),
  })),
  ...(['alt', 'title', 'description'] as const).flatMap((field) => [
    { name: `POST /banners ${field}`, field, send: (text: string) => images('/banners', { status: 1, [field]: text }, true) },
    { name: `POST /banners/:id ${field}`, field, send: (text: string) => images(`/banners/${bannerId}`, { [field]: text }) },
  ]),
  ...(['title', 'description'] as const).flatMap((field) => [
    { name: `POST /news ${field}`, field, send: (text: string) => images('/news', { ...newsFields, [field]: text }) },
    { name: `POST /news/:id ${field}`, field, send: (text: string) => images(`/news/${newsId}`, { [field]: text }) },
  ]),
  { name: 'POST /news video_url', field: 'video_url', send: (text) => images('/news', { ...newsFields, video_url: `https://www.instagram.com/p/${text}/` }) },
  { name: 'POST /news/:id video_url', field: 'video_url', send: (text) => images(`/news/${newsId}`, { video_url: `https://www.instagram.com/p/${text}/` }) },
  { name: 'POST /users name', field: 'name', send: (text) => json('POST', '/users', 'admin', { ...person(), name: text }) },
  { name: 'POST /users last_name', field: 'last_name', send: (text) => json('POST', '/users', 'admin', { ...person(), last_name: text }) },
  { name: 'PUT /user name', field: 'name', send: (text) => json('PUT', '/user', 'user', { name: text, last_name: 'Benítez' }) },
  { name: 'PUT /user last_name', field: 'last_name', send: (text) => json('PUT', '/user', 'user', { name: 'Carla', last_name: text }) },
];

/** Each refused character, inside ordinary words (a leading or trailing one could be trimmed away). */
const CONTROLS = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000B', '\u000C', '\u001B', '\u001F', '\u007F'];
const hex = (character: string) => `U+${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

describe('text fields refuse control characters', () => {
  it.each(INPUTS.map((input) => [input.name, input] as const))('%s: 422 naming the field, in Spanish', async (_name, input) => {
    for (const control of CONTROLS) {
      const response = await input.send(`texto${control}oculto`);
      expect(response.statusCode, `${hex(control)}: ${response.body}`).toBe(422);
      const errors = response.json().errors as Record<string, string[]>;
      expect(Object.keys(errors), hex(control)).toEqual([input.field]);
      // Inside a URL the link's own rule may speak first; anywhere else it is the control-character message.
      if (input.field !== 'video_url') expect(errors[input.field], hex(control)).toEqual([TEXT_MESSAGES.controlCharacters]);
    }
  });

  it.each(INPUTS.filter((input) => input.field !== 'video_url' && input.field !== 'acta').map((input) => [input.name, input] as const))(
    '%s: accepts tabs and line breaks',
    async (_name, input) => {
      const response = await input.send('texto\tcon\r\nsaltos');
      expect(response.statusCode, response.body).toBeLessThan(300);
      if (input.name.startsWith('POST /regulations/:id')) regulation.version = response.json().version;
    },
  );

  it('refuses an e-mail holding a control character (the e-mail rule)', async () => {
    for (const control of CONTROLS) {
      const response = await json('POST', '/users', 'admin', { ...person(), email: `ana${control}@concejo.test`, email_confirmation: `ana${control}@concejo.test` });
      expect(response.statusCode, hex(control)).toBe(422);
      expect(response.json().errors.email, hex(control)).toBeDefined();
    }
  });
});

describe('search boxes drop control characters', () => {
  const idsOf = (response: LightMyRequestResponse) => (response.json().data ?? response.json()).map((row: { id: number }) => row.id);

  it.each([
    ['GET /regulations/published search', '/regulations/published?search=', 'arbolado', undefined],
    ['GET /regulations search', '/regulations?search=', 'arbolado', 'asesor'],
    ['GET /regulations author', '/regulations?author=', 'ana paz', 'asesor'],
    ['GET /regulations/related search', '/regulations/related?search=', 'arbolado', 'asesor'],
  ] as const)('%s finds what the same words without them find', async (_name, path, words, role) => {
    const headers = role ? as[role] : {};
    const clean = await ctx.app.inject({ url: `/api/v1${path}${encodeURIComponent(words)}`, headers });
    expect(clean.statusCode).toBe(200);
    expect(idsOf(clean)).toEqual([searchable.id]);
    for (const control of CONTROLS) {
      const typed = `${words.slice(0, 3)}${control}${words.slice(3)}`;
      const response = await ctx.app.inject({ url: `/api/v1${path}${encodeURIComponent(typed)}`, headers });
      expect(response.statusCode, `${hex(control)}: ${response.body}`).toBe(200);
      expect(idsOf(response), hex(control)).toEqual([searchable.id]);
    }
  });

  it('reads a number search the same way', async () => {
    const response = await ctx.app.inject({ url: `/api/v1/regulations/published?numberSearch=${encodeURIComponent('9\u000000')}` });
    expect(response.statusCode).toBe(200);
    expect(idsOf(response)).toEqual([searchable.id]);
  });
});
