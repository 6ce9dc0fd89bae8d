import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLoggedInUser } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { multipartForm, samplePdf } from '../../test/multipart.js';

let ctx: TestContext;
let publicUrl: string;
let privateUrl: string;
let pdf: Buffer;

beforeAll(async () => {
  ctx = await createTestApp();
  const { headers } = await buildLoggedInUser(ctx.app, ctx.db, 'asesor');
  const fields = { type: 'ordinance', state: 'approved', number: 4100, subject: 'Rangos de bytes', authors: ['Ana Rodríguez'] };
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/regulations',
    headers,
    payload: multipartForm(fields, { pdf_approved: samplePdf('Ordenanza 4100'), pdf_process: samplePdf('Proyecto 4100') }),
  });
  expect(created.statusCode).toBe(201);
  publicUrl = created.json().pdf_approved;
  privateUrl = created.json().pdf_process;
  pdf = (await ctx.app.inject({ url: publicUrl })).rawPayload;
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers });

describe('downloads of stored files', () => {
  it('say they take ranges, with a strong ETag, and send the whole file without one', async () => {
    const response = await get(publicUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers.etag).toMatch(/^"[0-9a-f-]{36}\.pdf"$/);
    expect(Number(response.headers['content-length'])).toBe(pdf.length);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('send the range asked for with 206: the first bytes, the rest, the last bytes', async () => {
    const first = await get(publicUrl, { range: 'bytes=0-4' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-4/${pdf.length}`);
    expect(first.headers['content-length']).toBe('5');
    expect(first.body).toBe('%PDF-');
    const rest = await get(publicUrl, { range: 'bytes=5-' });
    expect(rest.rawPayload.equals(pdf.subarray(5))).toBe(true);
    const last = await get(publicUrl, { range: 'bytes=-10' });
    expect(last.headers['content-range']).toBe(`bytes ${pdf.length - 10}-${pdf.length - 1}/${pdf.length}`);
    expect(last.rawPayload.equals(pdf.subarray(-10))).toBe(true);
  });

  it('answer 416 with the size for a range past the end, and the whole file for a range they do not serve', async () => {
    const past = await get(publicUrl, { range: `bytes=${pdf.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${pdf.length}`);
    expect(past.json().message).toBe('El rango pedido está fuera del archivo.');
    for (const range of ['bytes=0-1,4-5', 'bytes=abc', 'lines=1-2', `bytes=${'9'.repeat(40)}-`]) {
      const whole = await get(publicUrl, { range });
      expect(whole.statusCode, range).toBe(200);
      expect(whole.rawPayload.equals(pdf)).toBe(true);
    }
  });

  it('keep If-Range: the range only while the file is the one the client holds', async () => {
    const etag = (await get(publicUrl)).headers.etag as string;
    expect((await get(publicUrl, { range: 'bytes=0-4', 'if-range': etag })).statusCode).toBe(206);
    const changed = await get(publicUrl, { range: 'bytes=0-4', 'if-range': '"otro.pdf"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(pdf)).toBe(true);
  });

  it('answer 304 without a body to a client that holds the file', async () => {
    const etag = (await get(publicUrl)).headers.etag as string;
    const response = await get(publicUrl, { 'if-none-match': etag });
    expect(response.statusCode).toBe(304);
    expect(response.body).toBe('');
    expect(response.headers['cache-control']).toBe('public, no-cache');
  });

  it('serve ranges of a private PDF through its signed link, and 404 for a file that is not there', async () => {
    const response = await get(privateUrl, { range: 'bytes=0-4' });
    expect(response.statusCode).toBe(206);
    expect(response.body).toBe('%PDF-');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const missing = await get(publicUrl.replace(/[0-9a-f-]{36}\.pdf$/, '00000000-0000-4000-8000-000000000000.pdf'), { range: 'bytes=0-4' });
    expect(missing.statusCode).toBe(404);
  });
});
