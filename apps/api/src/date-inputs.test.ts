import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_MESSAGES, type Role } from '@concejo/contracts';
import { buildLoggedInUser } from './test/factories.js';
import { createTestApp, type TestContext } from './test/harness.js';
import { imageForm, sampleImage, type UploadFile } from './test/images.js';
import { multipartForm, samplePdf } from './test/multipart.js';

// Every date and date-time a client can send, on every endpoint that takes one, as the role that may
// call it: a value outside 1850-2100 (or one that is no date at all) gets a Spanish 422 naming the
// field, never a 5xx and never a half-sent download.

let ctx: TestContext;
const as = {} as Record<Role, { authorization: string }>;
let photo: UploadFile;
let bannerId: number;
let newsId: number;
let oldNumber = 5000;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const role of ['admin', 'asesor', 'cm'] as const) as[role] = (await buildLoggedInUser(ctx.app, ctx.db, role)).headers;
  photo = { content: await sampleImage('png', 64, 36), name: 'mini.png', type: 'image/png' };
  const banner = await ctx.app.inject({ method: 'POST', url: '/api/v1/banners', headers: as.cm, payload: imageForm({ status: 1 }, { image: photo }) });
  expect(banner.statusCode, banner.body).toBe(201);
  bannerId = banner.json().id;
  const news = await ctx.app.inject({ method: 'POST', url: '/api/v1/news', headers: as.cm, payload: imageForm(newsFields) });
  expect(news.statusCode, news.body).toBe(201);
  newsId = news.json().id;
});
afterAll(() => ctx.close());

const newsFields = { status: 1, title: 'Fechas', description: '<p>Texto</p>', video_url: 'https://www.instagram.com/p/fechas/' };

type Kind = 'day' | 'dateTime';
interface DateInput {
  name: string;
  field: string;
  kind: Kind;
  /** An empty value is a documented "not set" (a blank filter, a cleared date) or is refused. */
  blank: 'accepted' | 'refused';
  send: (value: string) => Promise<LightMyRequestResponse>;
}

const query = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers });
const q = encodeURIComponent;

const dayFilters = (name: string, path: string, role?: Role): DateInput[] =>
  (['from', 'to'] as const).map((field) => ({
    name: `${name} ${field}`,
    field,
    kind: 'day',
    blank: 'accepted',
    send: (value) => query(`/api/v1${path}?${field}=${q(value)}`, role ? as[role] : {}),
  }));

const windowDates = (name: string, send: (fields: Record<string, string | number>) => Promise<LightMyRequestResponse>): DateInput[] =>
  (['publication_date', 'unpublication_date'] as const).map((field, index, both) => ({
    name: `${name} ${field}`,
    field,
    kind: 'dateTime',
    blank: 'accepted',
    // The other end of the window cleared, so that no edge value meets the "end after start" rule.
    send: (value) => send({ [field]: value, [both[1 - index]!]: '' }),
  }));

const INPUTS: DateInput[] = [
  ...dayFilters('GET /regulations', '/regulations', 'asesor'),
  ...dayFilters('GET /regulations/published', '/regulations/published'),
  ...dayFilters('GET /regulations/published.csv', '/regulations/published.csv'),
  ...dayFilters('GET /regulations/published.json', '/regulations/published.json'),
  ...dayFilters('GET /day-orders/published', '/day-orders/published'),
  {
    name: 'GET /day-orders/sources startDate',
    field: 'startDate',
    kind: 'dateTime',
    blank: 'refused',
    send: (value) => query(`/api/v1/day-orders/sources?startDate=${q(value)}&endDate=2100-12-31T23:59:59`, as.asesor),
  },
  {
    name: 'GET /day-orders/sources endDate',
    field: 'endDate',
    kind: 'dateTime',
    blank: 'refused',
    send: (value) => query(`/api/v1/day-orders/sources?startDate=1850-01-01T00:00:00Z&endDate=${q(value)}`, as.asesor),
  },
  {
    name: 'POST /day-orders date (JSON)',
    field: 'date',
    kind: 'dateTime',
    blank: 'refused',
    send: (value) => ctx.app.inject({ method: 'POST', url: '/api/v1/day-orders', headers: as.asesor, payload: { sessionType: 'ordinaria', date: value, acta: '1' } }),
  },
  {
    name: 'POST /regulations creation_date (multipart)',
    field: 'creation_date',
    kind: 'dateTime',
    blank: 'accepted',
    send: (value) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/regulations',
        headers: as.admin,
        payload: multipartForm({ type: 'correspondence', subject: 'Nota fechada', authors: ['Vecino'], creation_date: value }),
      }),
  },
  {
    name: 'POST /old-regulations date (multipart)',
    field: 'date',
    kind: 'day',
    blank: 'refused',
    send: (value) => {
      oldNumber += 1;
      return ctx.app.inject({
        method: 'POST',
        url: '/api/v1/old-regulations',
        headers: as.admin,
        payload: multipartForm({ date: value, type: 'ordinance', number: oldNumber }, { pdf: samplePdf('Antigua') }),
      });
    },
  },
  ...windowDates('POST /banners', (fields) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/banners', headers: as.cm, payload: imageForm({ status: 1, ...fields }, { image: photo }) }),
  ),
  ...windowDates('POST /banners/:id', (fields) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/banners/${bannerId}`, headers: as.cm, payload: imageForm(fields) }),
  ),
  ...windowDates('POST /news', (fields) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/news', headers: as.cm, payload: imageForm({ ...newsFields, ...fields }) }),
  ),
  ...windowDates('POST /news/:id', (fields) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/news/${newsId}`, headers: as.cm, payload: imageForm(fields) }),
  ),
];

/** Well-formed but outside 1850-01-01 .. 2100-12-31 (as written, or once converted to UTC). */
const OUT_OF_RANGE: Record<Kind, string[]> = {
  day: ['0000-01-01', '0099-12-31', '1849-12-31', '2101-01-01', '9999-12-31'],
  dateTime: [
    '0000-01-01T00:00:00Z',
    '0099-12-31T12:00',
    '1849-12-31T23:59:59',
    '2101-01-01T00:00',
    '9999-12-31T23:59:59-14:00',
    '9999-12-31T23:59:59Z',
    // In range as written, out of it in UTC.
    '1850-01-01T05:00:00+14:00',
    '2100-12-31T23:00:00-14:00',
  ],
};

/** Not a date of the kind the field takes at all. */
const MALFORMED: Record<Kind, string[]> = {
  day: ['+275760-09-13', '2023-02-30', '2023-02-29', '2026-13-01', 'garbage', '9999-12-31T23:59:59-14:00', "2026-03-01' OR 1=1 --", '1850-01-01\u0000'],
  dateTime: ['+275760-09-13T00:00:00Z', '+275760-09-13', '2023-02-30T10:00', '0000-01-01', '2101-01-01', 'garbage', '2026-03-01T25:00', '2026-03-01T10:00\u0000'],
};

/** The edges of the range, which every field accepts. */
const EDGES: Record<Kind, string[]> = {
  day: ['1850-01-01', '2100-12-31'],
  dateTime: ['1850-01-01T00:00', '2100-12-31T23:59', '2100-12-31T23:59:59Z', '1850-01-01T00:00:00-03:00'],
};

describe('date inputs: out of 1850-2100 or malformed', () => {
  it.each(INPUTS.map((input) => [input.name, input] as const))('%s: 422 naming the field, in Spanish', async (_name, input) => {
    for (const value of OUT_OF_RANGE[input.kind]) {
      const response = await input.send(value);
      expect(response.statusCode, `${value}: ${response.body}`).toBe(422);
      expect(response.headers['content-type'], value).toMatch(/^application\/json/);
      expect(response.json().errors, value).toEqual({ [input.field]: [DATE_MESSAGES.outOfRange] });
    }
    for (const value of MALFORMED[input.kind]) {
      const response = await input.send(value);
      expect(response.statusCode, `${value}: ${response.body}`).toBe(422);
      const errors = response.json().errors as Record<string, string[]>;
      expect(Object.keys(errors), value).toEqual([input.field]);
      expect(errors[input.field]![0], value).toMatch(/fecha/i);
    }
  });

  it.each(INPUTS.map((input) => [input.name, input] as const))('%s: an empty value is either "not set" or a 422, never a 5xx', async (_name, input) => {
    const response = await input.send('');
    if (input.blank === 'refused') {
      expect(response.statusCode, response.body).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([input.field]);
    } else {
      expect(response.statusCode, response.body).toBeLessThan(300);
    }
  });

  it.each(INPUTS.map((input) => [input.name, input] as const))('%s: accepts the first and last days of the range', async (_name, input) => {
    for (const value of EDGES[input.kind]) {
      const response = await input.send(value);
      expect(response.statusCode, `${value}: ${response.body}`).toBeLessThan(300);
    }
  });
});
