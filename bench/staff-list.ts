// Staff regulation list under load: 100,000 regulations in a fresh embedded PostgreSQL, then the
// latency of GET /api/v1/regulations over real HTTP for a text search and for a filtered page.
// Run: npx tsx bench/staff-list.ts        (budget: p95 < 50 ms for both)
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.js';
import { testConfig } from '../apps/api/src/config.js';
import { hashPassword } from '../apps/api/src/lib/passwords.js';
import { users } from '../apps/api/src/db/schema/index.js';
import { measure, withBenchDatabase } from './support.js';
import { performance } from 'node:perf_hooks';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const BUDGET_P95_MS = 50;

await withBenchDatabase(async (db, folder) => {
  console.log(`loading ${ROWS.toLocaleString('en')} regulations...`);
  const started = performance.now();
  await db.execute(sql`
    with words as (select array['tránsito','camiones','arbolado','presupuesto','tasas','salud','educación','cultura','deporte',
      'residuos','reciclaje','iluminación','pavimento','ciclovías','comercio','ferias','transporte','animales','accesibilidad',
      'seguridad','inundaciones','desagües','plaza','escuela','hospital','turismo','vivienda','agua','cloacas','becas'] as w)
    insert into regulations (type, dem_type, number, subject, state, author_type, created_at, is_old)
    select t.type, case when t.type = 'dem-message' then 'message'::dem_type end,
      case when i % 3 = 0 then i end,
      'Regula ' || w[1 + i % 30] || ' y ' || w[1 + (i * 7) % 30] || ' en el barrio ' || (i % 97) || ' expediente ' || i,
      case when i % 3 = 0 then 'approved'::regulation_state else 'process'::regulation_state end,
      case when t.type = 'dem-message' then 'DEM'::author_type when t.type = 'correspondence' then 'particular'::author_type else 'concejal'::author_type end,
      now() - (i || ' minutes')::interval * 5, false
    from generate_series(1, ${ROWS}) i, words,
      lateral (select (array['ordinance','resolution','decree','declaration','minute','dem-message','correspondence'])[1 + i % 7]::regulation_type as type) t`);
  await db.execute(sql`
    insert into regulation_authors (regulation_id, position, name)
    select id, 0, (array['Ana Rodríguez','Carlos Benítez','María Laura Sosa','Jorge Quiroga','Valeria Ledesma','Raúl Ortiz'])[1 + id % 6] from regulations`);
  await db.execute(sql`
    insert into regulation_keywords (regulation_id, position, word)
    select id, 0, (array['tránsito','salud','educación','cultura','obras','ambiente'])[1 + id % 6] from regulations`);
  await db.execute(sql`
    update regulations r set search_document =
      setweight(search_vector(r.subject), 'A') ||
      setweight(search_vector(coalesce((select string_agg(k.word, ' ') from regulation_keywords k where k.regulation_id = r.id), '')), 'B'),
      author_search = coalesce((select f_unaccent(lower(string_agg(a.name, ' | ' order by a.position))) from regulation_authors a where a.regulation_id = r.id), '')`);
  await db.execute(sql`vacuum analyze`);
  console.log(`loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  await db.insert(users).values({ name: 'Bench', lastName: 'Asesor', email: 'bench@concejo.test', passwordHash: await hashPassword('bench-password'), role: 'asesor' });
  const uploadsDir = path.join(folder, 'uploads');
  const app = await buildApp({ config: testConfig({ uploadsDir }), db });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${address}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'device-id': 'bench-device-1' },
    body: JSON.stringify({ email: 'bench@concejo.test', password: 'bench-password' }),
  });
  const { token } = (await login.json()) as { token: string };

  const scenarios = [
    ['text search "camiones transito" (no match)', 'search=camiones%20transito'],
    ['text search, one word, page 3', 'search=arbolado&page=3'],
    ['filtered page (type, state, author, dates)', 'type=ordinance&state=approved&author=rodriguez&from=2026-01-01&to=2026-12-31&page=2'],
    ['first page, no filters', 'page=1'],
  ] as const;
  let failed = false;
  for (const [name, query] of scenarios) {
    const result = await measure(`${address}/api/v1/regulations?${query}`, { requests: REQUESTS, concurrency: 1, headers: { authorization: `Bearer ${token}` } });
    if (result.status !== 200) throw new Error(`${name}: HTTP ${result.status}`);
    const ok = result.p95 < BUDGET_P95_MS;
    failed ||= !ok;
    console.log(`${name.padEnd(48)} matches ${String(result.total).padStart(6)}  median ${result.median.toFixed(1)} ms  p95 ${result.p95.toFixed(1)} ms  ${ok ? 'ok' : `OVER ${BUDGET_P95_MS} ms`}`);
  }
  await app.close();
  if (failed) process.exitCode = 1;
});
