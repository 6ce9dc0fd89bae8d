import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGULATION_MESSAGES, type PublishedRegulationDetail } from '@concejo/contracts';
import { minimalPdf } from '../../lib/minimal-pdf.js';
import { buildLoggedInUser } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { multipartForm, samplePdf, type FormValue } from '../../test/multipart.js';

/**
 * The page of one public norm through the API (`GET /regulations/published/:type/:number`, DESIGN.md
 * section 5): what it shows, the links it lists (public norms only, each with its kind and legal
 * force, both ways), and every address that names no public norm answered 404, never 5xx.
 */

let ctx: TestContext;
let admin: { authorization: string };
let nextNumber = 2880;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await buildLoggedInUser(ctx.app, ctx.db, 'admin')).headers;
});
afterAll(() => ctx.close());

type Created = { id: number; number: number | null; version: number };

async function register(fields: Record<string, FormValue>, pdf: Buffer | undefined = samplePdf()): Promise<Created> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/regulations',
    headers: admin,
    payload: multipartForm({ type: 'ordinance', state: 'approved', author_type: 'concejal', authors: ['Ana Rodríguez'], subject: 'Norma de prueba', ...fields }, pdf ? { pdf_approved: pdf } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
const approved = (fields: Record<string, FormValue> = {}, pdf?: Buffer) => register({ number: nextNumber++, ...fields }, pdf);
const page = (type: string, number: string | number) => ctx.app.inject({ url: `/api/v1/regulations/published/${type}/${number}` });

describe('GET /regulations/published/:type/:number', () => {
  it('answers a public norm with its authors, keywords, dates, PDF, legal force and the start of its text', async () => {
    const lines = ['Artículo 1°: Prohíbase la circulación de camiones de gran porte', 'por el casco céntrico.', ...Array.from({ length: 30 }, (_, line) => `Considerando ${line + 1}: la seguridad vial del barrio.`)];
    const norm = await approved({ subject: 'Tránsito pesado en el centro', authors: ['Ana Rodríguez', 'Luis Pérez'], keywords: ['tránsito', 'camiones'] }, minimalPdf(lines));
    await ctx.app.jobs.idle();

    const response = await page('ordinance', norm.number!);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('public, no-cache');
    expect(response.headers.etag).toBeDefined();
    const body = response.json<PublishedRegulationDetail>();
    expect(body).toMatchObject({
      id: norm.id,
      type: 'ordinance',
      number: norm.number,
      subject: 'Tránsito pesado en el centro',
      authors: [{ name: 'Ana Rodríguez' }, { name: 'Luis Pérez' }],
      keywords: [{ word: 'tránsito' }, { word: 'camiones' }],
      legal_force: 'in_force',
      is_old: false,
      links: [],
      text_recognized: false,
    });
    expect(body.pdf_approved).toMatch(/^\/api\/v1\/files\/.+\.pdf$/);
    expect(Date.parse(body.created_at)).not.toBeNaN();
    expect(Date.parse(body.approved_at!)).not.toBeNaN();
    // The start of the text: whole words, about 600 characters, marked as cut.
    expect(body.text_start).toMatch(/^Artículo 1°: Prohíbase la circulación de camiones/);
    expect(body.text_start!.length).toBeLessThanOrEqual(601);
    expect(body.text_start!.endsWith('…')).toBe(true);
    expect(body.text_start).not.toMatch(/ {2}|\n{3}/);
    expect(body.text_start).toContain('de gran porte\npor el casco céntrico.\n');

    expect((await ctx.app.inject({ url: `/api/v1/regulations/published/ordinance/${norm.number}`, headers: { 'if-none-match': String(response.headers.etag) } })).statusCode).toBe(304);
  });

  it('lists the public norms linked to it both ways, with the kind and their legal force, and leaves out those not public', async () => {
    const target = await approved({ subject: 'Norma original' });
    const modified = await approved({ subject: 'Norma que esta modifica' });
    const repealer = await approved({ subject: 'Norma que la deroga parcialmente', partially_repeals: [target.id] });
    const regulator = await approved({ subject: 'Decreto reglamentario', type: 'decree', author_type: 'DEM', regulates: [target.id] });
    // In process (staff only) and a minute (never public): neither is named on a public page.
    await register({ state: 'process', subject: 'Proyecto que la derogaría', repeals: [target.id] });
    await ctx.app.inject({ method: 'POST', url: `/api/v1/regulations/${target.id}`, headers: admin, payload: multipartForm({ changes: JSON.stringify({ modifies: [modified.id] }), version: target.version }) });

    const body = (await page('ordinance', target.number!)).json<PublishedRegulationDetail>();
    expect(body.legal_force).toBe('partially_repealed');
    expect(body.links).toEqual([
      { kind: 'modifies', direction: 'outgoing', type: 'ordinance', number: modified.number, subject: 'Norma que esta modifica', legal_force: 'in_force', note: null, until: null },
      { kind: 'partially_repeals', direction: 'incoming', type: 'ordinance', number: repealer.number, subject: 'Norma que la deroga parcialmente', legal_force: 'in_force', note: null, until: null },
      { kind: 'regulates', direction: 'incoming', type: 'decree', number: regulator.number, subject: 'Decreto reglamentario', legal_force: 'in_force', note: null, until: null },
    ]);
    expect(JSON.stringify(body)).not.toContain('Proyecto que la derogaría');

    // The other side sees the link from its end.
    const seen = (await page('decree', regulator.number!)).json<PublishedRegulationDetail>();
    expect(seen.links).toEqual([{ kind: 'regulates', direction: 'outgoing', type: 'ordinance', number: target.number, subject: 'Norma original', legal_force: 'partially_repealed', note: null, until: null }]);
  });

  it('shows a repeal on both norms as soon as the repealing norm is approved', async () => {
    const target = await approved({ subject: 'Ordenanza que será derogada' });
    const project = await register({ state: 'process', subject: 'Proyecto derogatorio', repeals: [target.id] });
    expect((await page('ordinance', target.number!)).json().legal_force).toBe('in_force');

    const number = nextNumber++;
    const approval = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/regulations/${project.id}`,
      headers: admin,
      payload: multipartForm({ changes: JSON.stringify({ state: 'approved', number }), version: project.version }, { pdf_approved: samplePdf() }),
    });
    expect(approval.statusCode, approval.body).toBe(200);
    const repealed = (await page('ordinance', target.number!)).json<PublishedRegulationDetail>();
    expect(repealed.legal_force).toBe('repealed');
    expect(repealed.links).toEqual([{ kind: 'repeals', direction: 'incoming', type: 'ordinance', number, subject: 'Proyecto derogatorio', legal_force: 'in_force', note: null, until: null }]);
    expect((await page('ordinance', number)).json().links).toEqual([
      { kind: 'repeals', direction: 'outgoing', type: 'ordinance', number: target.number, subject: 'Ordenanza que será derogada', legal_force: 'repealed', note: null, until: null },
    ]);
  });

  it('answers a norm loaded from the archive', async () => {
    const number = nextNumber++;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/old-regulations',
      headers: admin,
      payload: multipartForm({ type: 'resolution', number, date: '1987-05-04', keywords: ['archivo'] }, { pdf: samplePdf() }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = (await page('resolution', number)).json<PublishedRegulationDetail>();
    expect(body).toMatchObject({ type: 'resolution', number, keywords: [{ word: 'archivo' }], is_old: true, legal_force: 'in_force' });
    expect(body.created_at.slice(0, 10)).toBe('1987-05-04');
  });

  it('answers 404 with a Spanish message for every address that names no public norm, never a 5xx', async () => {
    const minute = await register({ type: 'minute', number: nextNumber++, subject: 'Minuta de comunicación' });
    const inProcess = await register({ state: 'process', subject: 'En trámite' });
    await ctx.db.execute(sql`update regulations set number = ${nextNumber++} where id = ${inProcess.id}`);
    const { rows } = await ctx.db.execute<{ number: number }>(sql`select number from regulations where id = ${inProcess.id}`);
    const addresses = [
      ['minute', minute.number],
      ['ordinance', rows[0]!.number],
      ['ordinance', 999_999_999],
      ['ordenanza', 2880],
      ['correspondence', 1],
      ['ordinance', 0],
      ['ordinance', -1],
      ['ordinance', '1e3'],
      ['ordinance', '00012'],
      ['ordinance', 'abc'],
      ['ordinance', '99999999999999999999'],
      ['ordinance', '%00'],
      ['__proto__', 1],
      ['constructor', 1],
    ] as const;
    for (const [type, number] of addresses) {
      const response = await page(type, number!);
      expect(response.statusCode, `${type}/${number}: ${response.body}`).toBe(404);
      expect(response.json().message).toBe(REGULATION_MESSAGES.publishedNotFound);
    }
    for (const url of [`/api/v1/regulations/published/${'x'.repeat(5000)}/1`, `/api/v1/regulations/published/ordinance/${'9'.repeat(5000)}`]) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });
});
