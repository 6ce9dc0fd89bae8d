// Public search under load: 100,000 public regulations whose PDFs hold a few KB of text each, then
// GET /api/v1/regulations/published over real HTTP at 1 and at 50 concurrent connections.
// Run: npm run build && npx tsx bench/public-search.ts        (budget: selective query p95 < 30 ms at 50 connections)
// Loading takes a few minutes: every PDF's text goes through both Spanish text search configurations.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { spawn } from 'node:child_process';
import { measure, measureWithWrk, waitForServer, withBenchDatabase } from './support.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const BUDGET_P95_MS = 30;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
let failed = false;


await withBenchDatabase(async (db, folder, databaseUrl) => {
  console.log(`loading ${ROWS.toLocaleString('en')} public regulations with PDF text...`);
  const started = performance.now();
  // About 230 words (1.6 KB) of plausible municipal prose per PDF; one row in 10,000 mentions a rare word.
  await db.execute(sql`
    with vocabulary as (select array['artículo','ordenanza','municipal','concejo','deliberante','vecinos','barrio','calle',
      'avenida','tránsito','circulación','camiones','estacionamiento','obras','públicas','presupuesto','tasas','alumbrado',
      'barrido','limpieza','residuos','reciclaje','arbolado','plaza','escuela','hospital','salud','educación','cultura',
      'deporte','turismo','comercio','habilitación','inspección','multas','infracciones','departamento','ejecutivo',
      'intendente','secretaría','hacienda','gobierno','comisión','dictamen','expediente','resolución','decreto','declaración',
      'interés','provincia','nación','ley','convenio','subsidio','licitación','contratación','pavimento','cordón','cuneta',
      'desagües','pluviales','agua','cloacas','vivienda','terrenos','loteo','zonificación','uso','suelo','ambiente',
      'contaminación','ruidos','animales','transporte','colectivos','taxis','remises','bicicletas','ciclovías','peatones',
      'seguridad','iluminación','cámaras','monitoreo','emergencia','bomberos','defensa','civil','inundaciones','sequía'] as w),
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
  const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: folder, DEMO_DATA: 'false', ADMIN_EMAIL: 'bench@concejo.test', ADMIN_PASSWORD: 'bench-password', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: 'ignore',
  });
  try {
    await waitForServer(`http://127.0.0.1:${port}/readyz`);
    const scenarios = [
      ['selective query (10 matches)', 'search=ornitorrinco'],
      ['broad query', 'search=alumbrado%20barrido'],
      ['number lookup', 'numberSearch=4242'],
    ] as const;
    for (const [name, query] of scenarios) {
      const url = `http://127.0.0.1:${port}/api/v1/regulations/published?${query}`;
      const first = await measure(url, { requests: 1, concurrency: 1 });
      for (const connections of [1, 50]) {
        const result = await measureWithWrk(url, { connections, seconds: SECONDS });
        if (result.status !== 200) throw new Error(`${name}: HTTP errors`);
        const budget = name.startsWith('selective') && connections === 50 ? (result.p95 < BUDGET_P95_MS ? ' ok' : ` OVER ${BUDGET_P95_MS} ms`) : '';
        failed ||= budget.includes('OVER');
        console.log(
          `${name.padEnd(30)} c=${String(connections).padStart(2)} matches ${String(first.total).padStart(6)}  median ${result.median.toFixed(1)} ms  p95 ${result.p95.toFixed(1)} ms  ${result.perSecond.toFixed(0)} req/s${budget}`,
        );
      }
    }
  } finally {
    server.kill('SIGTERM');
  }
  if (failed) process.exitCode = 1;
});
