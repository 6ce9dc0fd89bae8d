import fs from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGULATION_MESSAGES } from '@concejo/contracts';
import { buildApp, type App } from '../../app.js';
import { testConfig } from '../../config.js';
import { regulations } from '../../db/schema/index.js';
import { deflateBombPdf, htmlDressedAsPdf, passwordProtectedPdf, slowPdf } from '../../test/hostile-documents.js';
import { buildLoggedInUser } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { multipartForm, samplePdf, type FormValue } from '../../test/multipart.js';
import { MAX_TEXT_ATTEMPTS } from './text-indexer.js';

const GB = 1024 ** 3;

let ctx: TestContext;
let headers: { authorization: string };

beforeAll(async () => {
  ctx = await createTestApp();
  ({ headers } = await buildLoggedInUser(ctx.app, ctx.db, 'admin'));
});
afterAll(() => ctx.close());

let nextNumber = 7000;
const ordinance = (extra: Record<string, FormValue> = {}) => ({
  type: 'ordinance',
  state: 'approved',
  number: nextNumber++,
  subject: 'Ordenanza con su PDF',
  authors: ['Ana Rodríguez'],
  ...extra,
});

function create(context: TestContext, auth: { authorization: string }, fields: Record<string, FormValue>, files: Record<string, Buffer>) {
  return context.app.inject({ method: 'POST', url: '/api/v1/regulations', headers: auth, payload: multipartForm(fields, files) });
}

const textOf = async (context: TestContext, id: number) =>
  (await context.db.select({ status: regulations.textStatus, attempts: regulations.textAttempts }).from(regulations).where(eq(regulations.id, id)))[0];

describe('uploaded PDFs are PDFs', () => {
  it('refuses an HTML page with a PDF header and trailer, on create, update and old regulations', async () => {
    const created = await create(ctx, headers, ordinance(), { pdf_approved: htmlDressedAsPdf() });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors).toEqual({ pdf_approved: [REGULATION_MESSAGES.pdfOnly] });

    const good = await create(ctx, headers, ordinance(), { pdf_approved: samplePdf() });
    expect(good.statusCode).toBe(201);
    const updated = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/regulations/${good.json().id}`,
      headers,
      payload: multipartForm({ changes: '{}', version: good.json().version }, { pdf_process: htmlDressedAsPdf() }),
    });
    expect(updated.statusCode).toBe(422);
    expect(updated.json().errors).toEqual({ pdf_process: [REGULATION_MESSAGES.pdfOnly] });

    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/old-regulations',
      headers,
      payload: multipartForm({ date: '1990-05-04', type: 'ordinance', number: nextNumber++, keywords: ['archivo'] }, { pdf: htmlDressedAsPdf() }),
    });
    expect(old.statusCode).toBe(422);
    expect(old.json().errors).toEqual({ pdf: [REGULATION_MESSAGES.pdfOnly] });
  });

  it('wants %PDF- at the very first byte', async () => {
    const afterJunk = Buffer.concat([Buffer.from('<html>junk</html>\n'), samplePdf()]);
    const response = await create(ctx, headers, ordinance(), { pdf_approved: afterJunk });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ pdf_approved: [REGULATION_MESSAGES.pdfOnly] });
  });

  it('says so when a PDF needs a password to open', async () => {
    const response = await create(ctx, headers, ordinance(), { pdf_approved: passwordProtectedPdf() });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ pdf_approved: [REGULATION_MESSAGES.pdfEncrypted] });
  });

  it('takes a burst of 20 uploads at once, each opened in turn', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => create(ctx, headers, ordinance(), { pdf_approved: samplePdf('ráfaga') })));
    expect(responses.map((response) => response.statusCode)).toEqual(Array.from({ length: 20 }, () => 201));
  });

  it('stores nothing for a refused PDF', async () => {
    const before = (await ctx.db.select({ id: regulations.id }).from(regulations)).length;
    await create(ctx, headers, ordinance(), { pdf_approved: htmlDressedAsPdf() });
    expect((await ctx.db.select({ id: regulations.id }).from(regulations)).length).toBe(before);
  });
});

describe('hostile PDFs are read in the document worker', () => {
  it('accepts a deflate bomb (it is a PDF), tries its text twice, leaves it unreadable and still finds it by subject', async () => {
    const response = await create(ctx, headers, ordinance({ subject: 'Ordenanza explosiva de prueba' }), { pdf_approved: deflateBombPdf(GB) });
    expect(response.statusCode).toBe(201);
    await ctx.app.jobs.idle();
    expect(await textOf(ctx, response.json().id)).toEqual({ status: 'unreadable', attempts: MAX_TEXT_ATTEMPTS });
    const search = await ctx.app.inject({ url: '/api/v1/regulations/published?search=explosiva' });
    expect(search.json().data.map((row: { id: number }) => row.id)).toEqual([response.json().id]);
  });

  it('reads again at the next start, counting no failure, a text whose reading a shutdown cut short', { timeout: 120_000 }, async () => {
    // Shut down without the grace period a document's reading gets, so that the reading is cut.
    const context = await createTestApp({ documents: { ...testConfig().documents, shutdownGraceMs: 0 } });
    let again: App | undefined;
    try {
      const { headers: admin } = await buildLoggedInUser(context.app, context.db, 'admin');
      // One page of 300,000 lines: seconds of reading to cut short.
      const created = await create(context, admin, ordinance(), { pdf_approved: slowPdf(1, 300_000) });
      expect(created.statusCode).toBe(201);
      await expect.poll(() => context.app.documents.workers.background.pid).toBeDefined();
      await context.app.close();
      expect(await textOf(context, created.json().id)).toEqual({ status: 'pending', attempts: 0 });

      again = await buildApp({ config: testConfig({ uploadsDir: context.uploadsDir }), db: context.db, clock: context.clock });
      await again.ready();
      await again.jobs.idle();
      expect(await textOf(context, created.json().id)).toEqual({ status: 'indexed', attempts: 0 });
    } finally {
      await again?.close();
      await context.db.$client.end();
      await fs.rm(context.uploadsDir, { recursive: true, force: true });
    }
  });

  it('gives a new PDF its own two attempts', async () => {
    const created = await create(ctx, headers, ordinance(), { pdf_approved: deflateBombPdf(GB) });
    await ctx.app.jobs.idle();
    const replaced = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/regulations/${created.json().id}`,
      headers,
      payload: multipartForm({ changes: '{}', version: created.json().version }, { pdf_approved: samplePdf('palabrarecuperada') }),
    });
    expect(replaced.statusCode).toBe(200);
    await ctx.app.jobs.idle();
    expect(await textOf(ctx, created.json().id)).toEqual({ status: 'indexed', attempts: 0 });
    const search = await ctx.app.inject({ url: '/api/v1/regulations/published?search=palabrarecuperada' });
    expect(search.json().total).toBe(1);
  });
});
