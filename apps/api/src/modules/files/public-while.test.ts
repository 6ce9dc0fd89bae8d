import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLoggedInUser } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { multipartForm, samplePdf } from '../../test/multipart.js';

// DESIGN.md section 8: a file is public exactly while what it belongs to is public, and what stops being
// public is not left in a year-long immutable cache.

let ctx: TestContext;
let staff: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  staff = (await buildLoggedInUser(ctx.app, ctx.db, 'asesor')).headers;
});
afterAll(() => ctx.close());

async function register(fields: Record<string, string | number>, files: Record<string, Buffer>) {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/regulations', headers: staff, payload: multipartForm({ authors: ['Ana Rodríguez'], ...fields }, files) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; version: number; pdf_approved: string }>();
}

const detail = async (id: number) => (await ctx.app.inject({ url: `/api/v1/regulations/${id}`, headers: staff })).json<{ version: number; pdf_approved: string | null }>();
/** The file's address without its signature: what a visitor, a search engine or an old link asks for. */
const bare = (url: string) => url.split('?')[0]!;

describe("an approved PDF's address", () => {
  it('serves the PDF of a public norm to anyone, asking browsers to check again each time', async () => {
    const norm = await register({ type: 'ordinance', state: 'approved', number: 5101, subject: 'Norma pública' }, { pdf_approved: samplePdf('Ordenanza 5101') });
    expect(norm.pdf_approved).not.toContain('signature=');
    const response = await ctx.app.inject({ url: norm.pdf_approved });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, no-cache');
    const again = await ctx.app.inject({ url: norm.pdf_approved, headers: { 'if-none-match': String(response.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('stops serving it to anyone the moment its norm is taken back to «en proceso», also to a browser holding a copy; staff keep a signed link', async () => {
    const norm = await register({ type: 'ordinance', state: 'approved', number: 5102, subject: 'Norma que vuelve a proceso' }, { pdf_approved: samplePdf('Ordenanza 5102') });
    const publicUrl = norm.pdf_approved;
    const etag = String((await ctx.app.inject({ url: publicUrl })).headers.etag);
    const back = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/regulations/${norm.id}`,
      headers: staff,
      payload: multipartForm({ changes: JSON.stringify({ state: 'process' }), version: norm.version }),
    });
    expect(back.statusCode, back.body).toBe(200);

    expect((await ctx.app.inject({ url: publicUrl })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: publicUrl, headers: { 'if-none-match': etag } })).statusCode).toBe(404);
    const signed = (await detail(norm.id)).pdf_approved!;
    expect(signed).toMatch(/^\/api\/v1\/files\/regulations-approved\/[0-9a-f-]{36}\.pdf\?expires=\d+&signature=/);
    const download = await ctx.app.inject({ url: signed });
    expect(download.statusCode).toBe(200);
    expect(download.headers['cache-control']).toBe('private, no-store');
    // A signature for another file, or none that is genuine, opens nothing.
    expect((await ctx.app.inject({ url: signed.replace(/signature=[\w-]+/, 'signature=falsa') })).statusCode).toBe(403);
  });

  it('never serves the approved PDF of a norm registered in process to a visitor', async () => {
    const norm = await register({ type: 'ordinance', state: 'process', subject: 'Proyecto con PDF aprobado' }, { pdf_approved: samplePdf('Proyecto') });
    const signed = (await detail(norm.id)).pdf_approved!;
    expect(signed).toContain('signature=');
    expect((await ctx.app.inject({ url: bare(signed) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: signed })).statusCode).toBe(200);
  });

  it('answers a file that is not public as it answers one that does not exist', async () => {
    const missing = await ctx.app.inject({ url: '/api/v1/files/regulations-approved/00000000-0000-0000-0000-000000000000.pdf' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No se encontró el archivo.');
  });
});
