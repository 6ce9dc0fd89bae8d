import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regulations } from '../../db/schema/index.js';
import { minimalPdf, pdfWithPages } from '../../lib/minimal-pdf.js';
import { buildLoggedInUser, buildRegulation } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { multipartForm, type FormValue } from '../../test/multipart.js';

let ctx: TestContext;
let headers: { authorization: string };

beforeAll(async () => {
  ctx = await createTestApp();
  ({ headers } = await buildLoggedInUser(ctx.app, ctx.db, 'asesor'));
});
afterAll(() => ctx.close());

const create = (fields: Record<string, FormValue>, files: Record<string, Buffer>) => buildRegulation(ctx.app, headers, fields, files);
const search = async (text: string) =>
  (await ctx.app.inject({ url: `/api/v1/regulations?search=${encodeURIComponent(text)}`, headers })).json<{ data: { id: number }[] }>().data.map((row) => row.id);
const statusOf = async (id: number) => (await ctx.db.select({ status: regulations.textStatus }).from(regulations).where(eq(regulations.id, id)))[0]?.status;

describe('PDF text indexing', () => {
  it('finds a regulation by a word that appears only inside its PDF, once indexed, accents and plurals aside', async () => {
    const created = await create(
      { type: 'ordinance', state: 'approved', number: 5001, subject: 'Tránsito', authors: ['A'] },
      { pdf_approved: minimalPdf(['Artículo 1: prohíbese la circulación de acoplados cisterna en la plaza.']) },
    );
    // Searchable by subject at once.
    expect(await search('transito')).toContain(created.id);
    await ctx.app.jobs.idle();
    expect(await statusOf(created.id)).toBe('indexed');
    expect(await search('acoplado cisternas')).toEqual([created.id]);
    expect(await search('prohibese')).toEqual([created.id]);
  });

  it('lets staff find words of the process PDF too', async () => {
    const created = await create({ type: 'ordinance', subject: 'Proyecto', authors: ['A'] }, { pdf_process: minimalPdf(['Borrador sobre monotributistas sociales']) });
    await ctx.app.jobs.idle();
    expect(await search('monotributista')).toEqual([created.id]);
  });

  it('keeps a scan without text, flags it unreadable, and still finds it by subject', async () => {
    const created = await create(
      { type: 'ordinance', state: 'approved', number: 5002, subject: 'Escaneo de la ordenanza de feriados', authors: ['A'] },
      { pdf_approved: minimalPdf([]) },
    );
    await ctx.app.jobs.idle();
    expect(await statusOf(created.id)).toBe('unreadable');
    expect(await search('feriados')).toEqual([created.id]);
  });

  it('re-indexes when the PDF is replaced: the old words go, the new ones come', async () => {
    const created = await create({ type: 'ordinance', subject: 'Reemplazo', authors: ['A'] }, { pdf_process: minimalPdf(['palabraantigua']) });
    await ctx.app.jobs.idle();
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/regulations/${created.id}`,
      headers,
      payload: multipartForm({ changes: '{}', version: created.version }, { pdf_process: minimalPdf(['palabranueva']) }),
    });
    expect(response.statusCode).toBe(200);
    await ctx.app.jobs.idle();
    expect(await search('palabraantigua')).toEqual([]);
    expect(await search('palabranueva')).toEqual([created.id]);
  });

  it('indexes a 100-page PDF within seconds', async () => {
    const pages = Array.from({ length: 100 }, (_, page) =>
      Array.from({ length: 45 }, (_, line) => `Página ${page + 1}, renglón ${line + 1}: texto normativo de la ordenanza`),
    );
    pages[99]!.push('terminofinalunico');
    const pdf = pdfWithPages(pages);
    const created = await create({ type: 'ordinance', subject: 'Extensa', authors: ['A'] }, { pdf_process: pdf });
    const started = Date.now();
    await ctx.app.jobs.idle();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await search('terminofinalunico')).toEqual([created.id]);
  });
});
