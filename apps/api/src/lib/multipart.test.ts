import { randomBytes } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLoggedInUser } from '../test/factories.js';
import { createTestApp, type TestContext } from '../test/harness.js';
import { imageForm, sampleImage } from '../test/images.js';
import { multipartForm, samplePdf } from '../test/multipart.js';
import { MULTIPART_MESSAGES as M, SMALL_FIELD_BYTES } from './multipart.js';

let ctx: TestContext;
const as = {} as Record<'admin' | 'cm', { authorization: string }>;
const ids = { regulation: 0, banner: 0, news: 0 };
let base: string;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const role of ['admin', 'cm'] as const) as[role] = (await buildLoggedInUser(ctx.app, ctx.db, role)).headers;
  const photo = { content: await sampleImage('jpeg', 600, 400), name: 'foto.jpg' };
  const created = await Promise.all([
    ctx.app.inject({ method: 'POST', url: '/api/v1/regulations', headers: as.admin, payload: multipartForm({ type: 'ordinance', subject: 'Tema', authors: ['Ana'] }) }),
    ctx.app.inject({ method: 'POST', url: '/api/v1/banners', headers: as.cm, payload: imageForm({ status: 1 }, { image: photo }) }),
    ctx.app.inject({ method: 'POST', url: '/api/v1/news', headers: as.cm, payload: imageForm({ status: 1, title: 'Noticia', description: '<p>Texto</p>' }, { image: photo }) }),
  ]);
  for (const response of created) expect(response.statusCode, response.body).toBe(201);
  [ids.regulation, ids.banner, ids.news] = created.map((response) => response.json<{ id: number }>().id) as [number, number, number];
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

// ---- Raw multipart bodies, malformed on purpose ----

const BOUNDARY = 'LimiteDelFormulario7MA4YWxkTrZu0gW';
const FORM_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const bytes = (text: string | Buffer) => (typeof text === 'string' ? Buffer.from(text) : text);
const part = (headers: string, value: string | Buffer) => Buffer.concat([bytes(`--${BOUNDARY}\r\n${headers}\r\n\r\n`), bytes(value), bytes('\r\n')]);
const textPart = (name: string, value: string | Buffer) => part(`Content-Disposition: form-data; name="${name}"`, value);
const filePart = (name: string, value: string | Buffer) => part(`Content-Disposition: form-data; name="${name}"; filename="archivo.pdf"\r\nContent-Type: application/pdf`, value);
const END = bytes(`--${BOUNDARY}--\r\n`);

interface Route {
  name: string;
  url: () => string;
  role: 'admin' | 'cm';
  /** A single-value text field of the form. */
  text: string;
  file: string;
}

const ROUTES: Route[] = [
  { name: 'POST /regulations', url: () => '/api/v1/regulations', role: 'admin', text: 'subject', file: 'pdf_process' },
  { name: 'POST /regulations/:id', url: () => `/api/v1/regulations/${ids.regulation}`, role: 'admin', text: 'version', file: 'pdf_approved' },
  { name: 'POST /old-regulations', url: () => '/api/v1/old-regulations', role: 'admin', text: 'number', file: 'pdf' },
  { name: 'POST /banners', url: () => '/api/v1/banners', role: 'cm', text: 'title', file: 'image' },
  { name: 'POST /banners/:id', url: () => `/api/v1/banners/${ids.banner}`, role: 'cm', text: 'alt', file: 'image' },
  { name: 'POST /news', url: () => '/api/v1/news', role: 'cm', text: 'title', file: 'image' },
  { name: 'POST /news/:id', url: () => `/api/v1/news/${ids.news}`, role: 'cm', text: 'video_url', file: 'image' },
  { name: 'POST /contact', url: () => '/api/v1/contact', role: 'cm', text: 'image_left_alt', file: 'image_left' },
];

interface Expected {
  status: number;
  message: string;
  /** The key of `errors` the message is under. */
  field: string;
}

interface Case {
  name: string;
  contentType?: string;
  body: (route: Route) => Buffer;
  expected: (route: Route) => Expected;
}

const malformed: Expected = { status: 422, message: M.malformed, field: 'body' };

const CASES: Case[] = [
  { name: 'no boundary', contentType: 'multipart/form-data', body: (route) => Buffer.concat([textPart(route.text, 'x'), END]), expected: () => malformed },
  { name: 'a wrong boundary', contentType: 'multipart/form-data; boundary=OtroLimite', body: (route) => Buffer.concat([textPart(route.text, 'x'), END]), expected: () => malformed },
  { name: 'a truncated body', body: (route) => bytes(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${route.text}"\r\n\r\nvalor sin fin`), expected: () => malformed },
  { name: 'a garbage body', body: () => randomBytes(8_000), expected: () => malformed },
  { name: 'headers only', body: (route) => bytes(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${route.text}"\r\n`), expected: () => malformed },
  { name: 'no body at all', body: () => Buffer.alloc(0), expected: () => malformed },
  { name: 'a part without a name', body: () => Buffer.concat([part('Content-Disposition: form-data', 'x'), END]), expected: () => ({ status: 422, message: M.unnamed, field: 'body' }) },
  {
    name: 'a 100 KB part header',
    body: () => Buffer.concat([textPart('n'.repeat(100_000), 'x'), END]),
    expected: () => ({ status: 422, message: M.unknown, field: 'n'.repeat(100) }),
  },
  { name: 'an unknown field', body: () => Buffer.concat([textPart('campo_inventado', 'x'), END]), expected: () => ({ status: 422, message: M.unknown, field: 'campo_inventado' }) },
  {
    name: 'a single field sent twice',
    body: (route) => Buffer.concat([textPart(route.text, '1'), textPart(route.text, '2'), END]),
    expected: (route) => ({ status: 422, message: M.repeated, field: route.text }),
  },
  { name: 'a single field sent as a list', body: (route) => Buffer.concat([textPart(`${route.text}[]`, 'x'), END]), expected: (route) => ({ status: 422, message: M.unknown, field: `${route.text}[]` }) },
  {
    name: 'a file in a text field',
    body: (route) => Buffer.concat([filePart(route.text, samplePdf()), END]),
    expected: (route) => ({ status: 422, message: M.fileInText, field: route.text }),
  },
  { name: 'text in a file field', body: (route) => Buffer.concat([textPart(route.file, 'no soy un archivo'), END]), expected: (route) => ({ status: 422, message: M.textInFile, field: route.file }) },
  {
    name: 'a long text in a file field',
    body: (route) => Buffer.concat([textPart(route.file, 'x'.repeat(SMALL_FIELD_BYTES * 2)), END]),
    expected: (route) => ({ status: 422, message: M.textInFile, field: route.file }),
  },
  {
    name: 'a body cut inside a file',
    body: (route) => bytes(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${route.file}"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n${samplePdf().subarray(0, 200).toString('latin1')}`),
    expected: () => malformed,
  },
  {
    name: 'a small field over 64 KB',
    body: (route) => Buffer.concat([textPart(route.text, 'a'.repeat(SMALL_FIELD_BYTES + 1)), END]),
    expected: (route) => ({ status: 413, message: M.fieldTooLarge, field: route.text }),
  },
];

describe('malformed multipart bodies on every multipart route', () => {
  it('knows the table covers every route and the cases of the issue', () => {
    expect(ROUTES).toHaveLength(8);
    expect(CASES.length).toBeGreaterThanOrEqual(14);
  });

  for (const route of ROUTES) {
    it.each(CASES.map((entry) => [entry.name, entry] as const))(`${route.name}: %s gets a Spanish 4xx naming the field, never a 5xx`, async (_name, entry) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: route.url(),
        headers: { ...as[route.role], 'content-type': entry.contentType ?? FORM_TYPE },
        payload: entry.body(route),
      });
      const expected = entry.expected(route);
      expect(response.statusCode, response.body).toBe(expected.status);
      const body = response.json<{ message: string; errors?: Record<string, string[]>; requestId: string }>();
      expect(body.message).toBe(expected.message);
      expect(body.errors?.[expected.field]).toEqual([expected.message]);
      expect(body.requestId).toBeTruthy();
    });
  }
});

describe('multipart forms: fields, counts and sizes', () => {
  it('answers a JSON body on a multipart route with 422', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/news', headers: as.cm, payload: { title: 'x' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(M.notMultipart);
  });

  it('takes list fields as name[] and name[N], and lets the schema word its own limit on items', async () => {
    const indexed = Buffer.concat([textPart('type', 'ordinance'), textPart('subject', 'Listas'), textPart('authors[0]', 'Ana'), textPart('authors[1]', 'Luis'), textPart('keywords[]', 'agua'), END]);
    const created = await ctx.app.inject({ method: 'POST', url: '/api/v1/regulations', headers: { ...as.admin, 'content-type': FORM_TYPE }, payload: indexed });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<{ authors: { name: string }[] }>().authors.map((author) => author.name)).toEqual(['Ana', 'Luis']);

    const keywords = (count: number) => multipartForm({ type: 'ordinance', subject: 'Tema', authors: ['Ana'], keywords: Array.from({ length: count }, (_, index) => `clave ${index}`) });
    const oneTooMany = await ctx.app.inject({ method: 'POST', url: '/api/v1/regulations', headers: as.admin, payload: keywords(51) });
    expect(oneTooMany.statusCode).toBe(422);
    expect(oneTooMany.json().errors.keywords).toEqual(['Hasta 50 palabras clave.']);
    const flood = await ctx.app.inject({ method: 'POST', url: '/api/v1/regulations', headers: as.admin, payload: keywords(5_000) });
    expect(flood.statusCode).toBe(422);
    expect(flood.json().errors).toEqual({ keywords: [M.tooManyParts] });
  });

  it('refuses more parts than the form has fields', async () => {
    const photo = await sampleImage('png', 40, 40);
    const fields = [filePart('image_left', photo), filePart('image_right', photo), textPart('image_left_alt', 'a'), textPart('image_right_alt', 'b')];
    const payload = Buffer.concat([...fields, textPart('image_left_alt', ''), END]);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/contact', headers: { ...as.cm, 'content-type': FORM_TYPE }, payload });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ body: [M.tooManyParts] });
  });

  it('refuses a form whose declared length passes its limit before reading it (413)', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/news',
      headers: { ...as.cm, 'content-type': FORM_TYPE, 'content-length': String(240 * 1024 * 1024) },
      payload: Buffer.concat([textPart('title', 'x'), END]),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(M.formTooLarge);
    expect(response.headers.connection).toBe('close');
  });
});

// ---- Over real HTTP: how much of a hostile body is read ----

const MB = 1024 * 1024;

/** A multipart body produced lazily: valid fields first, then `count` fields named by `name(i)` of `size` bytes. */
function* hostileBody(name: (index: number) => string, count: number, size: number): Generator<Buffer> {
  yield Buffer.concat([textPart('status', '1'), textPart('title', 'Noticia')]);
  const block = Buffer.alloc(64 * 1024, 'a');
  for (let index = 0; index < count; index += 1) {
    yield bytes(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name(index)}"\r\n\r\n`);
    for (let written = 0; written < size; written += block.length) yield block;
    yield bytes('\r\n');
  }
  yield END;
}

/**
 * Sends a body chunk by chunk (chunked encoding, no declared length) over a plain socket and stops when
 * the answer comes. `sent` counts the bytes the socket took: what the server read, plus what the
 * kernel's buffers hold. A server that refuses the form answers and closes without reading the rest, so
 * a write may fail (EPIPE, ECONNRESET) before the answer is read: the answer is still read from the
 * socket (an HTTP client library drops it with the socket on the write error).
 */
function sendStreamed(url: string, headers: Record<string, string>, chunks: Iterator<Buffer>) {
  return new Promise<{ status: number; body: { message: string; errors?: Record<string, string[]> }; sent: number }>((resolve, reject) => {
    const { hostname, port, pathname } = new URL(url);
    const socket = net.connect(Number(port), hostname);
    let sent = 0;
    let stopped = false;
    let received = Buffer.alloc(0);
    const answer = () => {
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return undefined;
      const head = received.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1]);
      const body = received.subarray(end + 4);
      if (!Number.isInteger(length) || body.length < length) return undefined;
      return { status: Number(head.split(' ')[1]), body: JSON.parse(body.subarray(0, length).toString('utf8')), sent };
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const done = answer();
      if (!done) return;
      stopped = true;
      socket.destroy();
      resolve(done);
    });
    socket.on('error', () => void (stopped = true));
    socket.on('close', () => {
      if (!answer()) reject(new Error(`the connection closed without a whole answer (${received.length} bytes received, ${sent} sent)`));
    });
    const authorization = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    socket.write(`POST ${pathname} HTTP/1.1\r\nhost: ${hostname}:${port}\r\n${authorization}content-type: ${FORM_TYPE}\r\ntransfer-encoding: chunked\r\n\r\n`);
    const pump = () => {
      while (!stopped) {
        const next = chunks.next();
        if (next.done) return void socket.write('0\r\n\r\n');
        const chunk = next.value;
        socket.write(`${chunk.length.toString(16)}\r\n`);
        const flowing = socket.write(Buffer.concat([chunk, Buffer.from('\r\n')]), (error) => {
          if (!error) sent += chunk.length;
        });
        if (!flowing) return void socket.once('drain', pump);
      }
    };
    pump();
  });
}

describe('twenty fields of 12 MB to POST /news', () => {
  it.each([
    ['junk fields', (index: number) => `basura${index}`, { status: 422, message: M.unknown, field: 'basura0' }],
    ['a small field over and over', () => 'video_url', { status: 413, message: M.fieldTooLarge, field: 'video_url' }],
  ] as const)('%s: refused at the first one, reading almost none of the 240 MB', async (_name, name, expected) => {
    const before = process.memoryUsage().rss;
    const answer = await sendStreamed(`${base}/api/v1/news`, as.cm, hostileBody(name, 20, 12 * MB));
    expect(answer.status).toBe(expected.status);
    expect(answer.body.errors).toEqual({ [expected.field]: [expected.message] });
    // Before: all 240 MB were read into memory, then the junk was ignored.
    expect(answer.sent).toBeLessThan(12 * MB);
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * MB);
  });

  it('the description sent twenty times: refused at the second one, after one field of 12 MB', async () => {
    const answer = await sendStreamed(`${base}/api/v1/news`, as.cm, hostileBody(() => 'description', 20, 12 * MB));
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ description: [M.repeated] });
    expect(answer.sent).toBeLessThan(24 * MB);
  });
});
