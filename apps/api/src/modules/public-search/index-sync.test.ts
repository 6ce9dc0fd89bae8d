import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { testConfig } from '../../config.js';
import { createDatabase, type Database } from '../../db/client.js';
import { buildLoggedInUser } from '../../test/factories.js';
import { capturingLogger, createTestDatabase, TestClock } from '../../test/harness.js';
import { multipartForm, samplePdf } from '../../test/multipart.js';
import { countQueries } from '../../test/query-counter.js';
import { refreshSearchDocument } from '../../test/registry.js';

/**
 * The public search's in-memory index on two instances of the app sharing one database: whatever is
 * committed, through either instance or straight into the database (no announcement at all), is what
 * the other instance's next search finds, deletions and norms leaving the public registry included,
 * also when transactions commit in another order than they began.
 */

let dbA: Database;
let dbB: Database;
let uploadsDir: string;
let a: App;
let b: App;
let admin: { authorization: string };

beforeAll(async () => {
  dbA = await createTestDatabase();
  dbB = createDatabase(String(dbA.$client.options.connectionString), { max: 4 });
  uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-search-index-'));
  a = await buildApp({ config: testConfig({ uploadsDir }), db: dbA, clock: new TestClock(), logger: capturingLogger().logger });
  b = await buildApp({ config: testConfig({ uploadsDir }), db: dbB, clock: new TestClock(), logger: capturingLogger().logger });
  await Promise.all([a.ready(), b.ready()]);
  ({ headers: admin } = await buildLoggedInUser(a, dbA, 'admin'));
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await Promise.all([dbA?.$client.end(), dbB?.$client.end()]);
  await fs.rm(uploadsDir, { recursive: true, force: true });
});

/** B's public search: the ids found, and what computed the answer (Server-Timing). */
async function searchB(query: string) {
  const response = await b.inject({ url: `/api/v1/regulations/published?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return { ids: response.json<{ data: { id: number }[] }>().data.map((row) => row.id), timing: String(response.headers['server-timing']) };
}
const idsOnB = async (query: string) => (await searchB(query)).ids;

/** A public norm written straight into the table, with its search document, in the given client's transaction. */
async function insertNorm(client: pg.ClientBase | Database, subject: string, number: number): Promise<number> {
  const text = sql`insert into regulations (type, number, subject, state, author_type, approved_at) values ('ordinance', ${number}, ${subject}, 'approved', 'concejal', now()) returning id`;
  const id = 'execute' in client ? (await client.execute<{ id: number }>(text)).rows[0]!.id : (await client.query<{ id: number }>(
    `insert into regulations (type, number, subject, state, author_type, approved_at) values ('ordinance', $1, $2, 'approved', 'concejal', now()) returning id`,
    [number, subject],
  )).rows[0]!.id;
  if ('execute' in client) await refreshSearchDocument(client, id);
  else await client.query(`update regulations set search_document = setweight(search_vector(subject), 'A') where id = $1`, [id]);
  return id;
}

describe('the in-memory index of the public search, on two instances', { timeout: 60_000 }, () => {
  it('answers from the index a norm registered through the other instance, at the next request', async () => {
    const created = await a.inject({
      method: 'POST',
      url: '/api/v1/regulations',
      headers: admin,
      payload: multipartForm({ type: 'ordinance', state: 'approved', number: 9101, subject: 'Poda del arbolado de la calle tomillounico', authors: ['Ana'] }, { pdf_approved: samplePdf() }),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await searchB('search=tomillounico')).toEqual({ ids: [created.json().id], timing: 'cache;desc="miss", search;desc="index"' });
    await a.jobs.idle();
  });

  it('finds what was written straight into the database, without any announcement, and follows its changes', async () => {
    const id = await insertNorm(dbA, 'Ordenanza sobre el romerounico de las plazas', 9102);
    expect(await idsOnB('search=romerounico')).toEqual([id]);

    await dbA.execute(sql`update regulations set subject = 'Ordenanza sobre la salviaunica de las plazas' where id = ${id}`);
    await refreshSearchDocument(dbA, id);
    expect(await idsOnB('search=salviaunica')).toEqual([id]);
    expect(await idsOnB('search=romerounico&page=1&type=ordinance')).toEqual([]);

    // Back to the process state: no longer public.
    await dbA.execute(sql`update regulations set state = 'process' where id = ${id}`);
    expect(await idsOnB('search=salviaunica&type=ordinance')).toEqual([]);
    await dbA.execute(sql`update regulations set state = 'approved' where id = ${id}`);
    expect(await idsOnB('search=salviaunica&numberSearch=9102')).toEqual([id]);

    await dbA.execute(sql`delete from regulations where id = ${id}`);
    expect(await idsOnB('search=salviaunica&from=2000-01-01')).toEqual([]);
  });

  it('sees a transaction that began before another and committed after it', async () => {
    const early = new pg.Client({ connectionString: String(dbA.$client.options.connectionString) });
    await early.connect();
    try {
      await early.query('begin');
      const earlyId = await insertNorm(early, 'Norma temprana del laurelunico', 9103);
      // A later transaction commits first; B's index moves past it while the early one still runs.
      const lateId = await insertNorm(dbA, 'Norma tardía del laurelunico', 9104);
      expect(await idsOnB('search=laurelunico')).toEqual([lateId]);
      await early.query('commit');
      expect(await idsOnB('search=laurelunico&type=ordinance')).toEqual([lateId, earlyId].sort((x, y) => y - x));
    } finally {
      await early.end();
    }
  });

  it('shares one look at the database among searches arriving together, and reads no row when nothing changed', async () => {
    await idsOnB('search=nadacambio0');
    const { queries } = await countQueries(dbB, () => Promise.all(Array.from({ length: 20 }, (_, index) => idsOnB(`search=nadacambio${index + 1}`))));
    const looks = queries.filter((query) => query.includes('pg_snapshot_xmin'));
    expect(looks.length).toBeGreaterThanOrEqual(1);
    expect(looks.length).toBeLessThanOrEqual(3);
    // No row of a page to read (nothing matches): the words' lexemes, and nothing else.
    expect(queries.filter((query) => /from "regulations"|from regulations where id = any/.test(query))).toEqual([]);
  });

  it('shows a page from the index alone, with what changed in its norms at the next request', async () => {
    const id = await insertNorm(dbA, 'Ordenanza del tomilloverde en las veredas', 9107);
    await dbA.execute(sql`insert into regulation_keywords (regulation_id, position, word) values (${id}, 0, 'veredas')`);
    await refreshSearchDocument(dbA, id);
    const page = async (query: string) => {
      const response = await b.inject({ url: `/api/v1/regulations/published?${query}` });
      return response.json<{ data: { id: number; subject: string; keywords: { word: string }[]; number: number; created_at: string }[] }>().data;
    };
    // The index reads the new row, and the word's lexemes are learnt, at the first search.
    expect((await page('search=tomilloverde')).map((row) => row.id)).toEqual([id]);
    // Then, matched in the subject, or by number, or a number typed as a word (its own lexeme, asked
    // of no one): nothing to read but the look at what changed.
    const { queries, result } = await countQueries(dbB, () => Promise.all([page('search=TomilloVerde'), page('numberSearch=9107'), page('search=31337')]));
    expect(result.map((rows) => rows.map((row) => [row.id, row.subject, row.keywords]))).toEqual([
      [[id, 'Ordenanza del tomilloverde en las veredas', [{ word: 'veredas' }]]],
      [[id, 'Ordenanza del tomilloverde en las veredas', [{ word: 'veredas' }]]],
      [],
    ]);
    expect(queries.filter((query) => !query.includes('pg_snapshot_xmin'))).toEqual([]);

    await dbA.execute(sql`update regulations set subject = 'Ordenanza del tomilloverde en las plazas', number = 9108, created_at = '2020-05-04T03:02:01.234Z' where id = ${id}`);
    await dbA.execute(sql`update regulation_keywords set word = 'plazas' where regulation_id = ${id}`);
    await refreshSearchDocument(dbA, id);
    // (Written straight into the database, unannounced: another query than the cached ones.)
    expect((await page('search=TOMILLOverde')).map((row) => [row.subject, row.keywords, row.number, row.created_at])).toEqual([
      ['Ordenanza del tomilloverde en las plazas', [{ word: 'plazas' }], 9108, '2020-05-04T03:02:01.234Z'],
    ]);
  });

  it('cuts the excerpt of a long PDF around its match, far from the start, with whole words', async () => {
    const filler = Array.from({ length: 800 }, (_, index) => `palabra${index}`).join(' ');
    const [{ id }] = (
      await dbA.execute<{ id: number }>(sql`
        insert into regulations (type, number, subject, state, author_type, approved_at, approved_text)
        values ('ordinance', 9105, 'Norma con un texto largo', 'approved', 'concejal', now(), ${`${filler} sobre el ÁRBOL centenariounico de la plaza ${filler}`})
        returning id`)
    ).rows as [{ id: number }];
    await refreshSearchDocument(dbA, id);
    const response = await b.inject({ url: '/api/v1/regulations/published?search=centenariounico' });
    const [row] = response.json<{ data: { id: number; matched_in: string[]; excerpt: { text: string; match: boolean }[] }[] }>().data;
    expect(row).toMatchObject({ id, matched_in: ['pdf'] });
    expect(row!.excerpt.filter((segment) => segment.match)).toEqual([{ text: 'centenariounico', match: true }]);
    const text = row!.excerpt.map((segment) => segment.text).join('');
    expect(text).toContain('sobre el ÁRBOL centenariounico de la plaza');
    // Whole words only, though the text read starts and ends inside the filler.
    const sentence = new Set(['sobre', 'el', 'ÁRBOL', 'centenariounico', 'de', 'la', 'plaza']);
    for (const word of text.split(/\s+|…/).filter(Boolean)) expect(sentence.has(word) || /^palabra\d+$/.test(word), word).toBe(true);
  });
  it('keeps the PDF texts of recent excerpts in memory, and cuts the next one from a text that changed', async () => {
    const [{ id }] = (
      await dbA.execute<{ id: number }>(sql`
        insert into regulations (type, number, subject, state, author_type, approved_at, approved_text)
        values ('ordinance', 9109, 'Norma sobre la costanera', 'approved', 'concejal', now(), 'La poda del álamo cipresunico en la costanera')
        returning id`)
    ).rows as [{ id: number }];
    await refreshSearchDocument(dbA, id);
    // Each query typed anew: no answer from the cache (these writes are not announced).
    const excerpt = async (query: string) => {
      const response = await b.inject({ url: `/api/v1/regulations/published?${query}` });
      const [row] = response.json<{ data: { excerpt: { text: string }[] }[] }>().data;
      return { text: row!.excerpt.map((segment) => segment.text).join(''), timing: String(response.headers['server-timing']) };
    };
    expect(await excerpt('search=cipresunico')).toEqual({ text: expect.stringContaining('álamo cipresunico'), timing: expect.stringContaining('texts;desc="0 in memory, 1 read"') });
    expect(await excerpt('search=CIPRESUNICO')).toEqual({ text: expect.stringContaining('álamo cipresunico'), timing: expect.stringContaining('texts;desc="1 in memory, 0 read"') });

    await dbA.execute(sql`update regulations set approved_text = 'El tilo cipresunico de la plaza' where id = ${id}`);
    await refreshSearchDocument(dbA, id);
    expect(await excerpt('search=Cipresunico')).toEqual({ text: expect.stringContaining('tilo cipresunico'), timing: expect.stringContaining('texts;desc="0 in memory, 1 read"') });
  });
});
