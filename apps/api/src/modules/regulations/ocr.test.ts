import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { regulations } from '../../db/schema/index.js';
import { DEFAULT_OCR_SETTINGS, detectOcr } from '../../lib/documents/ocr-support.js';
import { minimalPdf } from '../../lib/minimal-pdf.js';
import { scannedPdf } from '../../lib/scanned-pdf.js';
import { buildLoggedInUser, buildRegulation } from '../../test/factories.js';
import { capturingLogger, createTestApp, type TestContext } from '../../test/harness.js';
import { multipartForm, type FormValue } from '../../test/multipart.js';

// Scanned norms are read by Debian's tesseract (DESIGN.md section 6), which `npm test` installs
// (scripts/test.mjs); without it these tests fail, saying so.

let ctx: TestContext;
let headers: { authorization: string };

beforeAll(async () => {
  expect(await detectOcr(DEFAULT_OCR_SETTINGS), 'OCR needs: apt-get install -y tesseract-ocr tesseract-ocr-spa poppler-utils').toMatchObject({ available: true });
  ctx = await createTestApp();
  ({ headers } = await buildLoggedInUser(ctx.app, ctx.db, 'admin'));
});
afterAll(() => ctx?.close());

let nextNumber = 8100;
const ordinance = (subject: string): Record<string, FormValue> => ({ type: 'ordinance', state: 'approved', number: nextNumber++, subject, authors: ['Ana Rodríguez'] });

const create = (context: TestContext, auth: { authorization: string }, fields: Record<string, FormValue>, files: Record<string, Buffer>) => buildRegulation(context.app, auth, fields, files);
const publicSearch = async (context: TestContext, words: string) =>
  (await context.app.inject({ url: `/api/v1/regulations/published?search=${encodeURIComponent(words)}` })).json<{ data: { id: number }[] }>().data.map((row) => row.id);
const staffSearch = async (words: string) =>
  (await ctx.app.inject({ url: `/api/v1/regulations?search=${encodeURIComponent(words)}`, headers })).json<{ data: { id: number }[] }>().data.map((row) => row.id);
const textOf = async (context: TestContext, id: number) =>
  (await context.db.select({ status: regulations.textStatus, ocr: regulations.approvedTextOcr }).from(regulations).where(eq(regulations.id, id)))[0];

describe('scanned norms', () => {
  it('finds a norm in the public search by a word that exists only in the image of its scanned PDF, flagged as recognised', { timeout: 180_000 }, async () => {
    const scan = await scannedPdf([['ORDENANZA N° 8100', 'Declárase patrimonio histórico el edificio', 'del antiguo molino harinero de la estación.']]);
    const created = await create(ctx, headers, ordinance('Patrimonio histórico'), { pdf_approved: scan });
    // Until its text is read, only its subject finds it.
    expect(await publicSearch(ctx, 'harinero')).toEqual([]);
    await ctx.app.jobs.idle({ timeoutMs: 150_000 });
    expect(await textOf(ctx, created.id)).toEqual({ status: 'indexed', ocr: true });
    // Found by words of the image, plural and accents aside, like any text.
    expect(await publicSearch(ctx, 'harinero')).toEqual([created.id]);
    expect(await publicSearch(ctx, 'molinos estacion')).toEqual([created.id]);
    // Its page says the text was recognised automatically, and shows it.
    const page = (await ctx.app.inject({ url: '/api/v1/regulations/published/ordinance/8100' })).json<{ text_recognized: boolean; text_start: string }>();
    expect(page.text_recognized).toBe(true);
    expect(page.text_start).toMatch(/molino harinero/i);

    // Its approved PDF replaced by one with a text layer: read as it is, no longer flagged.
    const replaced = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/regulations/${created.id}`,
      headers,
      payload: multipartForm({ changes: '{}', version: created.version }, { pdf_approved: minimalPdf(['Texto digital de la ordenanza de patrimonio']) }),
    });
    expect(replaced.statusCode).toBe(200);
    await ctx.app.jobs.idle({ timeoutMs: 150_000 });
    expect(await textOf(ctx, created.id)).toEqual({ status: 'indexed', ocr: false });
    expect(await publicSearch(ctx, 'harinero')).toEqual([]);
    expect(await publicSearch(ctx, 'digital')).toEqual([created.id]);
    expect((await ctx.app.inject({ url: '/api/v1/regulations/published/ordinance/8100' })).json().text_recognized).toBe(false);
  });

  it('lets staff find words of a scanned process PDF, and flags only a recognised approved text', { timeout: 180_000 }, async () => {
    const created = await create(ctx, headers, ordinance('Proyecto con borrador escaneado'), {
      pdf_approved: minimalPdf(['Texto aprobado con capa de texto']),
      pdf_process: await scannedPdf([['Borrador manuscrito sobre cooperativas apícolas']]),
    });
    await ctx.app.jobs.idle({ timeoutMs: 150_000 });
    expect(await textOf(ctx, created.id)).toEqual({ status: 'indexed', ocr: false });
    expect(await staffSearch('apicolas')).toEqual([created.id]);
    // The process PDF is staff-only, recognised or not.
    expect(await publicSearch(ctx, 'apicolas')).toEqual([]);
  });

  it("reads the PDFs saved after a long scan while the scan's pages are still being recognised", { timeout: 300_000 }, async () => {
    // Twelve pages take OCR a while; each text layer takes a moment.
    const page = (number: number) => [`Folio ${number} de la ordenanza de mercados`, 'Texto escaneado del expediente de ferias francas', `Renglón final del folio ${number}`];
    const scan = await scannedPdf(Array.from({ length: 12 }, (_, index) => page(index + 1)));
    const long = await create(ctx, headers, ordinance('Ferias francas escaneadas'), { pdf_approved: scan });
    const quick = [
      await create(ctx, headers, ordinance('Alumbrado de la plaza'), { pdf_approved: minimalPdf(['Luminarias nuevas en la plaza central']) }),
      await create(ctx, headers, ordinance('Semáforos'), { pdf_approved: minimalPdf(['Semáforos en la avenida principal']) }),
    ];
    // The two quick ones are searchable while the scan is still pending (before: only after its OCR).
    await expect.poll(async () => Promise.all(quick.map(async ({ id }) => (await textOf(ctx, id))!.status)), { timeout: 120_000, interval: 200 }).toEqual(['indexed', 'indexed']);
    expect((await textOf(ctx, long.id))!.status).toBe('pending');
    expect(await publicSearch(ctx, 'luminarias')).toEqual([quick[0]!.id]);
    await ctx.app.jobs.idle({ timeoutMs: 280_000 });
    expect(await textOf(ctx, long.id)).toEqual({ status: 'indexed', ocr: true });
    expect(await publicSearch(ctx, 'ferias francas')).toContain(long.id);
  });

  it('without tesseract, the server runs, says once that scans stay unsearchable, and leaves them unreadable', { timeout: 180_000 }, async () => {
    const { logger, entries } = capturingLogger();
    const base = testConfig().documents;
    const context = await createTestApp({ documents: { ...base, ocr: { ...base.ocr, tesseract: '/nonexistent/tesseract' } } }, { logger });
    try {
      const { headers: admin } = await buildLoggedInUser(context.app, context.db, 'admin');
      const ids = [];
      for (const word of ['primera', 'segunda']) {
        const created = await create(context, admin, ordinance(`Norma escaneada ${word}`), { pdf_approved: await scannedPdf([[`Ordenanza ${word} sobre alumbrado`]]) });
        ids.push(created.id);
      }
      await context.app.jobs.idle({ timeoutMs: 150_000 });
      for (const id of ids) expect(await textOf(context, id)).toEqual({ status: 'unreadable', ocr: false });
      expect(await publicSearch(context, 'alumbrado')).toEqual([]);
      expect(await publicSearch(context, 'escaneada')).toHaveLength(2);
      const warnings = entries().filter((entry) => String(entry.msg).startsWith('OCR unavailable'));
      expect(warnings).toHaveLength(1);
      // pino's level 40: a warning.
      expect(warnings[0]).toMatchObject({ level: 40, msg: expect.stringContaining('scanned PDFs stay unsearchable') });
    } finally {
      await context.close();
    }
  });
});
