import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGULATION_COUNT_LIMIT } from '@concejo/contracts';
import { buildLoggedInUser } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { createRegulationTextStore } from './text-repository.js';

/**
 * The search's order and its bounded count on a registry larger than the bound: 1,020 norms whose PDF
 * mentions "semáforos", newer than a handful whose subject or keywords do; a word in three PDFs only.
 */

let ctx: TestContext;
let asesor: { authorization: string };
const PDF_ONLY = 1020;
const PER_PAGE = 15;

type Row = { id: number; subject: string };
type Page = { data: Row[]; total: number; total_capped: boolean; last_page: number; current_page: number };

beforeAll(async () => {
  ctx = await createTestApp();
  ({ headers: asesor } = await buildLoggedInUser(ctx.app, ctx.db, 'asesor'));
  // Rows straight into the table (the API would take minutes for a thousand).
  await ctx.db.execute(sql`
    insert into regulations (type, number, subject, state, author_type, created_at, approved_at, approved_text, process_text)
    select 'ordinance', i, 'Norma de relleno ' || i, 'approved', 'concejal',
      timestamptz '2026-01-01' - make_interval(mins => i), timestamptz '2026-01-01' - make_interval(mins => i),
      'Visto el expediente sobre los semáforos de la avenida ' || i || case when i % 400 = 0 then ' y el ornitorrinco' else '' end
        || case when i % 25 = 0 then ' con su rotonda' else '' end,
      null
    from generate_series(1, ${PDF_ONLY}) i`);
  // Older than every PDF-only match: by date alone they would come last.
  await ctx.db.execute(sql`
    insert into regulations (type, number, subject, state, author_type, created_at, approved_at, approved_text, process_text) values
      ('ordinance', 5001, 'Semáforos en la avenida San Martín', 'approved', 'concejal', '2020-01-05', '2020-01-05', 'Texto.', null),
      ('ordinance', 5002, 'Semáforos inteligentes y semáforos peatonales', 'approved', 'concejal', '2020-01-04', '2020-01-04', 'Texto.', null),
      ('resolution', 5003, 'Pedido de informes sobre el tránsito', 'approved', 'concejal', '2020-01-03', '2020-01-03', 'Texto.', null),
      ('resolution', 5004, 'Proyecto en trámite', 'process', 'concejal', '2020-01-02', null, null, 'El proyecto pide semáforos en la escuela.'),
      ('resolution', 5005, 'Minuta sobre la plaza', 'approved', 'concejal', '2020-01-01', '2020-01-01', 'Texto sin la palabra.', null)`);
  await ctx.db.execute(sql`
    insert into regulation_keywords (regulation_id, position, word)
    select id, 0, 'semáforos' from regulations where number = 5003`);
  // The search documents as the service builds them (subject A, keywords B, approved PDF C, the
  // process PDF apart), row by row through its own function.
  const store = createRegulationTextStore(ctx.db);
  const ids = await ctx.db.execute<{ id: number }>(sql`select id from regulations order by id`);
  for (const { id } of ids.rows) await store.refreshSearchDocument(ctx.db, id);
  await ctx.db.execute(sql`analyze regulations`);
}, 60_000);
afterAll(() => ctx.close());

async function publicPage(query: string): Promise<Page> {
  const response = await ctx.app.inject({ url: `/api/v1/regulations/published?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function staffPage(query: string): Promise<Page> {
  const response = await ctx.app.inject({ url: `/api/v1/regulations?${query}`, headers: asesor });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const numberOf = (row: Row) => Number(/(\d+)$/.exec(row.subject)?.[1]);
const LAST_PAGE = Math.ceil(REGULATION_COUNT_LIMIT / PER_PAGE);

describe('a word found in more norms than the count goes', () => {
  it('puts subject matches first (the better one first), then keyword matches, then PDF matches newest first', async () => {
    const page = await publicPage('search=semaforos');
    expect(page.data.slice(0, 3).map((row) => row.subject)).toEqual([
      'Semáforos inteligentes y semáforos peatonales',
      'Semáforos en la avenida San Martín',
      'Pedido de informes sobre el tránsito',
    ]);
    expect(page.data.slice(3).map(numberOf)).toEqual(Array.from({ length: PER_PAGE - 3 }, (_, index) => index + 1));
  });

  it('counts up to 1,000 and says there are more; its pages stop at the 1,000th match, without gaps or repeats', async () => {
    const first = await publicPage('search=semaforos');
    expect(first).toMatchObject({ total: REGULATION_COUNT_LIMIT, total_capped: true, last_page: LAST_PAGE });
    const seen = new Set<number>();
    for (let page = 1; page <= LAST_PAGE; page += 1) {
      for (const row of (await publicPage(`search=semaforos&page=${page}`)).data) seen.add(row.id);
    }
    expect(seen.size).toBe(REGULATION_COUNT_LIMIT);
    const last = await publicPage(`search=semaforos&page=${LAST_PAGE}`);
    expect(last.data).toHaveLength(REGULATION_COUNT_LIMIT - (LAST_PAGE - 1) * PER_PAGE);
    // 3 title matches, then PDF matches 1, 2, ...: the 1,000th match is PDF match 997.
    expect(numberOf(last.data.at(-1)!)).toBe(REGULATION_COUNT_LIMIT - 3);
    expect(await publicPage(`search=semaforos&page=${LAST_PAGE + 1}`)).toMatchObject({ data: [], total: REGULATION_COUNT_LIMIT, total_capped: true });
  });

  it('counts exactly under the bound, and a filter narrows the count', async () => {
    expect(await publicPage('search=ornitorrinco')).toMatchObject({ total: 2, total_capped: false, last_page: 1 });
    expect(await publicPage('search=semaforos&type=resolution')).toMatchObject({ total: 1, total_capped: false });
    expect((await publicPage('search=semaforos&type=resolution')).data.map((row) => row.subject)).toEqual(['Pedido de informes sobre el tránsito']);
  });

  it('pages a word found in a few PDFs newest first, and a prefix found nowhere answers at once', async () => {
    const withRotonda = Math.floor(PDF_ONLY / 25);
    const pages = await Promise.all([1, 2, 3, 4].map((page) => publicPage(`search=rotonda&page=${page}`)));
    expect(pages[0]).toMatchObject({ total: withRotonda, total_capped: false, last_page: 3 });
    expect(pages.flatMap((page) => page.data.map(numberOf))).toEqual(Array.from({ length: withRotonda }, (_, index) => (index + 1) * 25));
    expect(await publicPage('search=zzyzx')).toMatchObject({ data: [], total: 0, total_capped: false });
  });

  it('bounds the count of a list without words as well', async () => {
    expect(await publicPage('type=ordinance')).toMatchObject({ total: REGULATION_COUNT_LIMIT, total_capped: true, last_page: LAST_PAGE });
    expect(await publicPage('type=resolution')).toMatchObject({ total: 2, total_capped: false });
  });

  it('orders and counts the staff list the same way, with the process PDF as a match too', async () => {
    const page = await staffPage('search=semaforos');
    expect(page).toMatchObject({ total: REGULATION_COUNT_LIMIT, total_capped: true, last_page: LAST_PAGE });
    expect(page.data.slice(0, 3).map((row) => row.subject)).toEqual([
      'Semáforos inteligentes y semáforos peatonales',
      'Semáforos en la avenida San Martín',
      'Pedido de informes sobre el tránsito',
    ]);
    const narrowed = await staffPage('search=semaforos&type=resolution');
    expect(narrowed).toMatchObject({ total: 2, total_capped: false });
    expect(narrowed.data.map((row) => row.subject)).toEqual(['Pedido de informes sobre el tránsito', 'Proyecto en trámite']);
  });
});
