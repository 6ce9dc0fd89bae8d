// Public search under load: 100,000 public regulations whose PDFs hold about 1.6 KB of text each, then
// GET /api/v1/regulations/published over real HTTP (autocannon, in this process) at 1 and at 50
// connections: a cold mix of varied queries that no cache can answer (frequent words with a date,
// numbers found in the PDFs, two words, prefixes as typed, number lookups, type and dates, deep pages),
// a word found in every PDF typed anew (random letter case) on any page, the queries of the first version of this bench
// repeated (warm: cache hits after the first; also asked as a browser asks, with Accept-Encoding, when a
// repeated answer goes compressed), and static files from a bare node:http server beside
// them: the 473-byte favicon, and each warm answer's own bytes (the measure a warm row is held to: the
// same body served with nothing to compute), and the same bytes from Debian's nginx in the same run (issue
// 34: through Fastify a warm row stays at or above 40 % of nginx; skipped without /usr/sbin/nginx). Each row gives req/s, p50, p99, the share of answers the
// server says came from its cache, the bytes read per answer (headers included) and, of excerpts' PDF texts, the share found in its memory
// (Server-Timing). BENCH_SEED replays the mix.
// Run: npm run build && npx tsx bench/public-search.ts   (the full measure, on a quiet machine; BENCH_ROWS=10000 checks it quickly; BENCH_ROWS, BENCH_SECONDS: 10 per row;
// BENCH_WARM_ROUNDS, BENCH_WARM_SECONDS: the warm rows and static files at 50 connections, by turns, 3 x 5 s)
// Loading takes a few minutes: every PDF's text goes through both Spanish text search configurations.
import fs from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { REGULATION_COUNT_LIMIT } from '@concejo/contracts';
import { serverCommand, startBareStaticServer, startStaticNginx, waitForServer, withBenchDatabase } from './support.js';
import { PER_PAGE } from '../apps/api/src/modules/public-search/service.js';
import { randomSource } from '../apps/api/src/test/random-source.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The warm rows and their static files at 50 connections: rounds by turns, seconds each. */
const WARM_ROUNDS = Number(process.env.BENCH_WARM_ROUNDS ?? 3);
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 5);
const SEED = Number(process.env.BENCH_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** Issue 14's targets at 50 connections. */
/** What Chromium sends: the warm rows asked this way get the answer compressed (kept compressed once). */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const AS_A_BROWSER = '(as a browser asks: Accept-Encoding)';
const TARGETS = { coldMixPerSecond: 1_000, coldMixP99: 100, commonWordP99: 150, warmShareOfStatic: 0.4 };
/** A list's pages stop at its 1,000th match: the deepest page a search has. */
const LAST_PAGE = Math.ceil(REGULATION_COUNT_LIMIT / PER_PAGE);

/** The words the norms' subjects and PDFs are made of (the loading below draws from them). */
const VOCABULARY = ['artículo','ordenanza','municipal','concejo','deliberante','vecinos','barrio','calle',
  'avenida','tránsito','circulación','camiones','estacionamiento','obras','públicas','presupuesto','tasas','alumbrado',
  'barrido','limpieza','residuos','reciclaje','arbolado','plaza','escuela','hospital','salud','educación','cultura',
  'deporte','turismo','comercio','habilitación','inspección','multas','infracciones','departamento','ejecutivo',
  'intendente','secretaría','hacienda','gobierno','comisión','dictamen','expediente','resolución','decreto','declaración',
  'interés','provincia','nación','ley','convenio','subsidio','licitación','contratación','pavimento','cordón','cuneta',
  'desagües','pluviales','agua','cloacas','vivienda','terrenos','loteo','zonificación','uso','suelo','ambiente',
  'contaminación','ruidos','animales','transporte','colectivos','taxis','remises','bicicletas','ciclovías','peatones',
  'seguridad','iluminación','cámaras','monitoreo','emergencia','bomberos','defensa','civil','inundaciones','sequía'];

/** The share of the PDFs that hold each word: paragraph p draws word (p*31 + g*17 + g*g) % 90 for g = 1..230. */
function pdfShareOf(word: string): number {
  const index = VOCABULARY.indexOf(word);
  let holding = 0;
  for (let p = 0; p < 60; p += 1) {
    for (let g = 1; g <= 230; g += 1) {
      if ((p * 31 + g * 17 + g * g) % 90 === index) {
        holding += 1;
        break;
      }
    }
  }
  return holding / 60;
}

await withBenchDatabase(async (db, folder, databaseUrl) => {
  console.log(`loading ${ROWS.toLocaleString('en')} public regulations with PDF text...`);
  const started = performance.now();
  // About 230 words (1.6 KB) of plausible municipal prose per PDF; one row in 10,000 mentions a rare word.
  await db.execute(sql`
    with vocabulary as (select array[${sql.join(VOCABULARY.map((word) => sql`${word}`), sql`, `)}]::text[] as w),
    -- 60 different paragraphs of 230 words (about 1.6 KB), shared out among the PDFs.
    paragraphs as (
      select p, (select string_agg(w[1 + ((p * 31 + g * 17 + g * g) % 90)], ' ') from generate_series(1, 230) g) as text
      from generate_series(0, 59) p, vocabulary)
    insert into regulations (type, number, subject, state, author_type, created_at, approved_at, approved_text)
    select (array['ordinance','resolution','decree','declaration'])[1 + i % 4]::regulation_type, i,
      'Regula ' || w[1 + i % 90] || ' y ' || w[1 + (i * 7) % 90] || ' en el barrio ' || (i % 97),
      'approved', 'concejal', now() - (i || ' minutes')::interval * 5, now() - (i || ' minutes')::interval * 5,
      paragraphs.text || ' expediente ' || i || case when i % 10000 = 0 then ' ornitorrinco' else '' end
    from generate_series(1, ${ROWS}) i, vocabulary, paragraphs where paragraphs.p = i % 60`);
  await db.execute(sql`
    insert into regulation_keywords (regulation_id, position, word)
    select id, 0, (array['tránsito','salud','educación','cultura','obras','ambiente'])[1 + id % 6] from regulations`);
  await db.execute(sql`
    update regulations r set text_status = 'indexed', search_document =
      setweight(search_vector(r.subject), 'A') ||
      setweight(search_vector(coalesce((select string_agg(k.word, ' ') from regulation_keywords k where k.regulation_id = r.id), '')), 'B') ||
      setweight(search_vector(coalesce(r.approved_text, '')), 'C')`);
  await db.execute(sql`vacuum analyze`);
  console.log(`loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // The built server in its own process (npm run build first), loaded by wrk from another: the two
  // share the machine's cores with PostgreSQL, as a small council's single server would.
  const port = 3900 + Math.floor(Math.random() * 90);
  const server = spawn(process.execPath, serverCommand(), {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: folder, DEMO_DATA: 'false', ADMIN_EMAIL: 'bench@concejo.test', ADMIN_PASSWORD: 'bench-password', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: 'ignore',
  });
  const bare = await startBareStaticServer('apps/web/dist/favicon.svg', 'image/svg+xml');
  try {
    await waitForServer(`http://127.0.0.1:${port}/readyz`);
    const base = `http://127.0.0.1:${port}/api/v1/regulations/published`;
    // The server builds its in-memory index in the background (the database answers meanwhile).
    const indexStarted = performance.now();
    await waitForIndex(base);
    console.log(`search index ready ${((performance.now() - indexStarted) / 1000).toFixed(1)} s after the server`);
    const random = randomSource(SEED);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
    // The norms were created one every 5 minutes back from now: their days span the last year.
    const day = () => new Date(Date.now() - between(0, Math.ceil((ROWS * 5) / 1440)) * 86_400_000).toISOString().slice(0, 10);
    // Every PDF ends with 'expediente <its number>': the word that matches every norm. The vocabulary's
    // most frequent words are each in about 15 % of the PDFs (15,000 norms of 100,000).
    const everywhere = 'expediente';
    const shares = VOCABULARY.map(pdfShareOf);
    const frequent = Math.max(...shares);
    const common = [everywhere, ...VOCABULARY.filter((_, index) => shares[index] === frequent)];
    const types = ['ordinance', 'resolution', 'decree', 'declaration'];
    const coldMix: (() => string)[] = [
      () => `search=${encodeURIComponent(pick(common))}&from=${day()}`,
      () => `search=${between(1, ROWS)}`,
      () => `search=${encodeURIComponent(`${pick(VOCABULARY)} ${pick(VOCABULARY)}`)}&page=${between(1, 3)}`,
      () => `search=${encodeURIComponent(pick(VOCABULARY).slice(0, between(3, 5)))}&type=${pick(types)}&page=${between(1, 5)}`,
      () => `numberSearch=${between(1, ROWS)}`,
      () => {
        const from = day();
        return `type=${pick(types)}&from=${from}&to=${from.slice(0, 8)}28&page=${between(1, 4)}`;
      },
      () => `search=${encodeURIComponent(pick(common))}&page=${between(10, LAST_PAGE)}`,
    ];
    // A search has 67 pages at most, which a cache soon holds: the word is also typed with its
    // letters in upper or lower case at random (the same search to the database, a new one to any
    // cache), so that every answer is computed.
    const typed = () => [...everywhere].map((letter) => (random() < 0.5 ? letter.toUpperCase() : letter)).join('');
    const rows: Row[] = [];
    const load = async (name: string, url: string, connections: number, nextQuery?: () => string, headers?: Record<string, string>) => {
      // Slow answers the previous row left running (autocannon stops; PostgreSQL finishes them) must
      // not weigh on this one: wait until a readiness check (a database round trip) is quick again.
      await settled(`http://127.0.0.1:${port}/readyz`);
      rows.push({ name, connections, ...(await loadWith(url, connections, nextQuery, headers)) });
      const row = rows.at(-1)!;
      console.log(`${name} at ${connections}: ${row.perSecond.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, cache hits ${percent(row.hits, row.answers)}, from the index ${percent(row.indexed, row.answers - row.hits)}`);
    };
    for (const connections of [1, 50]) {
      await load('cold mix (a new query each time)', `${base}?search=x`, connections, () => pick(coldMix)());
      await load(`"${everywhere}" (in every PDF), typed anew each time, any page`, `${base}?search=x`, connections, () => `search=${encodeURIComponent(typed())}&page=${between(1, LAST_PAGE)}`);
    }
    // The first version of this bench: each query repeated, so cache hits after its first answer.
    const warmQueries = [
      ['selective query (10 matches), repeated', 'search=ornitorrinco'],
      ['broad query, repeated', 'search=alumbrado%20barrido'],
      ['number lookup, repeated', 'numberSearch=4242'],
    ] as const;
    for (const [name, query] of warmQueries) await load(name, `${base}?${query}`, 1);
    await load('static file (bare node:http)', `${bare.url}/favicon.svg`, 1);
    // At 50 connections, the warm rows (as they are, and asked as a browser asks, with Accept-Encoding:
    // a repeated answer then goes compressed) and the static files they are held to run by turns,
    // WARM_ROUNDS rounds of WARM_SECONDS each, and each keeps its median run: this machine's speed
    // drifts by a third within minutes, and rows measured one after the other compared two speeds.
    // Each warm answer's own bytes as a static file: what the machine (and autocannon) can do with a
    // body of that size, with nothing to compute.
    const answerFiles = await Promise.all(
      warmQueries.map(async ([, query], index) => {
        const file = path.join(folder, `answer-${index}.json`);
        await fs.writeFile(file, Buffer.from(await (await fetch(`${base}?${query}`)).arrayBuffer()));
        return file;
      }),
    );
    const sameBytes = await Promise.all(
      warmQueries.map(async ([name], index) => {
        const file = answerFiles[index]!;
        const server = await startBareStaticServer(file, 'application/json');
        return { name: `the same bytes as a static file: ${name.replace(', repeated', '')} (${(await fs.stat(file)).size.toLocaleString('en')} B)`, url: `${server.url}/answer.json`, stop: server.stop };
      }),
    );
    // The same bytes from nginx, the reference issue 34 holds the warm rows to.
    const nginx = await startStaticNginx(Object.fromEntries(answerFiles.map((file, index) => [`answer-${index}.json`, file])), 'application/json');
    if (!nginx) console.log('no nginx at /usr/sbin/nginx (NGINX_PATH): the warm rows are held to the bare node:http server only');
    const fromNginx = nginx
      ? await Promise.all(
          warmQueries.map(async ([name], index) => ({
            name: `the same bytes from nginx: ${name.replace(', repeated', '')} (${(await fs.stat(answerFiles[index]!)).size.toLocaleString('en')} B)`,
            url: `${nginx.url}/answer-${index}.json`,
          })),
        )
      : [];
    try {
      const contenders: { name: string; url: string; headers?: Record<string, string> }[] = [
        ...warmQueries.map(([name, query]) => ({ name, url: `${base}?${query}` })),
        ...warmQueries.map(([name, query]) => ({ name: `${name} ${AS_A_BROWSER}`, url: `${base}?${query}`, headers: BROWSER_HEADERS })),
        { name: 'static file (bare node:http)', url: `${bare.url}/favicon.svg` },
        ...sameBytes.map(({ name, url }) => ({ name, url })),
        ...fromNginx,
      ];
      const runs = new Map(contenders.map(({ name }) => [name, [] as Omit<Row, 'name' | 'connections'>[]]));
      for (let round = 1; round <= WARM_ROUNDS; round += 1) {
        for (const { name, url, headers } of contenders) {
          await settled(`http://127.0.0.1:${port}/readyz`);
          runs.get(name)!.push(await loadWith(url, 50, undefined, headers, WARM_SECONDS));
        }
      }
      for (const { name } of contenders) {
        const each = runs.get(name)!;
        const median = [...each].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(each.length / 2)]!;
        rows.push({ name, connections: 50, ...median });
        console.log(`${name} at 50, by turns: ${each.map((run) => run.perSecond.toFixed(0)).join(', ')} req/s; median ${median.perSecond.toFixed(0)}, p99 ${median.p99} ms`);
      }
    } finally {
      for (const server of sameBytes) server.stop();
      await nginx?.stop();
    }

    console.log(`\n${ROWS.toLocaleString('en')} public norms with PDF text; autocannon in this process, ${SECONDS} s per row (warm rows and static files at 50 connections: median of ${WARM_ROUNDS} runs of ${WARM_SECONDS} s by turns); seed ${SEED}\n`);
    console.log('| query | connections | req/s | bytes per answer | p50 | p99 | cache hits | computed by the index | excerpt texts in memory | non-2xx |');
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    for (const row of rows) {
      const computed = row.answers - row.hits;
      const texts = row.textsInMemory + row.textsRead;
      console.log(
        `| ${row.name} | ${row.connections} | ${row.perSecond.toFixed(0)} | ${row.bytes.toFixed(0)} | ${row.p50} ms | ${row.p99} ms | ${row.answers ? percent(row.hits, row.answers) : '-'} | ${computed ? percent(row.indexed, computed) : '-'} | ${texts ? percent(row.textsInMemory, texts) : '-'} | ${row.non2xx + row.failures} |`,
      );
    }
    const at50 = (name: string) => rows.find((row) => row.name.startsWith(name) && row.connections === 50)!;
    const staticFile = at50('static file');
    const warm = rows.filter((row) => row.name.endsWith('repeated') && row.connections === 50);
    const browserWarm = rows.filter((row) => row.name.endsWith(AS_A_BROWSER));
    for (const row of warm) {
      const same = at50(`the same bytes as a static file: ${row.name.replace(', repeated', '')}`);
      const viaNginx = nginx ? at50(`the same bytes from nginx: ${row.name.replace(', repeated', '')}`) : undefined;
      const ofNginx = viaNginx ? `${percent(row.perSecond, viaNginx.perSecond)} of nginx serving its bytes (${viaNginx.perSecond.toFixed(0)} req/s), ` : '';
      console.log(`${row.name}: ${row.perSecond.toFixed(0)} req/s, ${ofNginx}${percent(row.perSecond, same.perSecond)} of its bytes from node:http, ${percent(row.perSecond, staticFile.perSecond)} of the 473-byte static file`);
    }
    for (const row of browserWarm) console.log(`${row.name}: ${percent(row.perSecond, staticFile.perSecond)} of the 473-byte static file`);
    const misses: string[] = [];
    const cold = at50('cold mix');
    if (cold.perSecond < TARGETS.coldMixPerSecond) misses.push(`cold mix ${cold.perSecond.toFixed(0)} req/s < ${TARGETS.coldMixPerSecond}`);
    if (cold.p99 > TARGETS.coldMixP99) misses.push(`cold mix p99 ${cold.p99} ms > ${TARGETS.coldMixP99} ms`);
    const single = at50(`"${everywhere}"`);
    if (single.p99 > TARGETS.commonWordP99) misses.push(`"${everywhere}" p99 ${single.p99} ms > ${TARGETS.commonWordP99} ms`);
    for (const row of warm) {
      const same = at50(`the same bytes as a static file: ${row.name.replace(', repeated', '')}`);
      if (row.perSecond < TARGETS.warmShareOfStatic * same.perSecond) misses.push(`${row.name}: ${row.perSecond.toFixed(0)} req/s < 40 % of its bytes as a static file, ${same.perSecond.toFixed(0)}`);
      const viaNginx = nginx ? at50(`the same bytes from nginx: ${row.name.replace(', repeated', '')}`) : undefined;
      if (viaNginx && row.perSecond < TARGETS.warmShareOfStatic * viaNginx.perSecond) misses.push(`${row.name}: ${row.perSecond.toFixed(0)} req/s < 40 % of nginx serving its bytes, ${viaNginx.perSecond.toFixed(0)}`);
    }
    for (const row of browserWarm) {
      if (row.perSecond < TARGETS.warmShareOfStatic * staticFile.perSecond) misses.push(`${row.name}: ${row.perSecond.toFixed(0)} req/s < 40 % of the 473-byte static file, ${staticFile.perSecond.toFixed(0)}`);
    }
    if (rows.some((row) => row.non2xx + row.failures > 0)) misses.push('some answers failed');
    console.log(misses.length ? `\nmisses issue 14's targets:\n  ${misses.join('\n  ')}` : "\nmeets issue 14's targets");
    if (misses.length) process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
    bare.stop();
  }
});

interface Row {
  name: string;
  connections: number;
  perSecond: number;
  /** Bytes read per answer, headers included. */
  bytes: number;
  p50: number;
  p99: number;
  /** Answers that said (Server-Timing) they came from the cache, of those that said anything. */
  hits: number;
  /** Answers computed by the in-memory index (not the database). */
  indexed: number;
  /** The PDF texts of computed answers' excerpts: found in the server's memory, and read from the database. */
  textsInMemory: number;
  textsRead: number;
  answers: number;
  non2xx: number;
  failures: number;
}

/** Resolves once the search answers from the server's in-memory index (a new query each time: no cache). */
async function waitForIndex(base: string): Promise<void> {
  const deadline = Date.now() + 300_000;
  for (let attempt = 0; Date.now() < deadline; attempt += 1) {
    const response = await fetch(`${base}?numberSearch=${attempt}`);
    await response.arrayBuffer();
    if (response.headers.get('server-timing')?.includes('search;desc="index"')) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the search index was not ready within 5 minutes');
}

/** Resolves once `url` answers within 20 ms three times in a row (30 s at most). */
async function settled(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (let quick = 0; quick < 3 && Date.now() < deadline; ) {
    const started = performance.now();
    await (await fetch(url)).arrayBuffer();
    quick = performance.now() - started < 20 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function percent(part: number, whole: number): string {
  return `${((100 * part) / Math.max(whole, 1)).toFixed(0)} %`;
}

/** autocannon on `url` for `seconds` (SECONDS), each request's query from `nextQuery` when given. */
async function loadWith(url: string, connections: number, nextQuery?: () => string, headers?: Record<string, string>, seconds = SECONDS): Promise<Omit<Row, 'name' | 'connections'>> {
  const path = new URL(url).pathname;
  let hits = 0;
  let indexed = 0;
  let answers = 0;
  let textsInMemory = 0;
  let textsRead = 0;
  const onResponse = (_status: number, _body: string, _context: object, headers: IncomingHttpHeaders | undefined) => {
    const timing = headers?.['server-timing'];
    if (typeof timing !== 'string') return;
    answers += 1;
    if (timing.includes('"hit"')) hits += 1;
    if (timing.includes('search;desc="index"')) indexed += 1;
    const texts = /texts;desc="(\d+) in memory, (\d+) read"/.exec(timing);
    if (texts) {
      textsInMemory += Number(texts[1]);
      textsRead += Number(texts[2]);
    }
  };
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    ...(headers ? { headers } : {}),
    requests: [{ ...(nextQuery ? { setupRequest: (request) => ({ ...request, path: `${path}?${nextQuery()}` }) } : {}), onResponse }],
  });
  return { perSecond: result.requests.average, bytes: result.throughput.average / Math.max(result.requests.average, 1), p50: result.latency.p50, p99: result.latency.p99, hits, indexed, textsInMemory, textsRead, answers, non2xx: result.non2xx, failures: result.errors + result.timeouts };
}
