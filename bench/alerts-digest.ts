// Citizens' alerts at scale (issue 16): 10,000 confirmed subscriptions (searches with and without
// filters, norms followed, the agendas) from 4,000 addresses, on a registry of 20,000 public norms; then
// 100 new public norms (a tenth of them repealing or modifying followed norms) and one new agenda, written
// down as the app writes them. Measures the digest job (matching every event against the subscriptions,
// one mail job per address, in one transaction) and the delivery of every digest through a real SMTP
// server on localhost by the app's own job queue.
// The real app (buildApp) on an embedded PostgreSQL.
// Run: npx tsx bench/alerts-digest.ts   (BENCH_SUBSCRIPTIONS, BENCH_ADDRESSES, BENCH_NEW_NORMS, BENCH_ROWS)
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../apps/api/src/app.js';
import { testConfig } from '../apps/api/src/config.js';
import { digestToken } from '../apps/api/src/lib/tokens.js';
import { textQuery } from '../apps/api/src/modules/regulations/search-repository.js';
import { randomSource } from '../apps/api/src/test/random-source.js';
import { startSmtpSink } from '../apps/api/src/test/mail.js';
import { withBenchDatabase } from './support.js';

const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 10_000);
const ADDRESSES = Number(process.env.BENCH_ADDRESSES ?? 4_000);
const NEW_NORMS = Number(process.env.BENCH_NEW_NORMS ?? 100);
const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
const WORDS = ['arbolado', 'camiones', 'tránsito', 'alumbrado', 'residuos', 'plaza', 'escuela', 'salud', 'presupuesto', 'tasas', 'pavimento', 'cloacas', 'vivienda',
  'ruidos', 'animales', 'colectivos', 'bicicletas', 'seguridad', 'cámaras', 'inundaciones', 'habilitación', 'comercio', 'turismo', 'cultura', 'deporte'];
const TYPES = ['ordinance', 'resolution', 'decree', 'declaration'] as const;

await withBenchDatabase(async (db) => {
  const random = randomSource(20261127);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const smtp = await startSmtpSink();
  const app = await buildApp({
    config: testConfig({ publicUrl: 'https://concejo.example.org', mail: { smtpUrl: smtp.url, from: 'bench@concejo.test', outboxDir: '/nonexistent' } }),
    db,
    logger: pino({ level: 'silent' }),
  });
  await app.ready();
  try {
    console.log(`loading ${ROWS.toLocaleString('en')} public norms and ${SUBSCRIPTIONS.toLocaleString('en')} subscriptions from ${ADDRESSES.toLocaleString('en')} addresses...`);
    const norm = (i: number) => sql`(${TYPES[i % 4]}::regulation_type, ${i}, ${`Regula ${WORDS[i % WORDS.length]} y ${WORDS[(i * 7) % WORDS.length]} en el barrio ${i % 97}`}, 'approved', now() - (${i} || ' minutes')::interval)`;
    for (let from = 1; from <= ROWS; from += 5_000) {
      const rows = Array.from({ length: Math.min(5_000, ROWS - from + 1) }, (_, k) => norm(from + k));
      await db.execute(sql`insert into regulations (type, number, subject, state, created_at) values ${sql.join(rows, sql`, `)}`);
    }
    await db.execute(sql`update regulations set search_document = setweight(search_vector(subject), 'A')`);
    const subscriptions: ReturnType<typeof sql>[] = [];
    for (let index = 0; index < SUBSCRIPTIONS; index += 1) {
      const email = `vecino${index % ADDRESSES}@example.org`;
      const kind = random();
      if (kind < 0.6) {
        // 60 % searches: a word (or two), a third of them with a type, some with a legal force.
        const search = random() < 0.8 ? pick(WORDS) + (random() < 0.2 ? ` ${pick(WORDS)}` : '') : null;
        const type = random() < 0.33 ? pick(TYPES) : null;
        const force = random() < 0.1 ? 'in_force' : null;
        subscriptions.push(sql`(${email}, ${digestToken(email)}, 'search', ${search}, ${search ? (textQuery(search) ?? null) : null}, ${type}::regulation_type, ${force}::legal_force, null::int, now(), now())`);
      } else if (kind < 0.9) {
        subscriptions.push(sql`(${email}, ${digestToken(email)}, 'regulation', null, null, null, null, ${1 + Math.floor(random() * ROWS)}::int, now(), now())`);
      } else {
        subscriptions.push(sql`(${email}, ${digestToken(email)}, 'day-orders', null, null, null, null, null::int, now(), now())`);
      }
    }
    for (let from = 0; from < subscriptions.length; from += 2_000) {
      await db.execute(sql`
        insert into subscriptions (email, email_digest, kind, search, search_query, type, legal_force, regulation_id, created_at, confirmed_at)
        values ${sql.join(subscriptions.slice(from, from + 2_000), sql`, `)} on conflict do nothing`);
    }
    const [{ count: kept } = { count: 0 }] = (await db.execute<{ count: number }>(sql`select count(*)::int as count from subscriptions`)).rows;

    // The new norms and agenda, with the events the app writes in their transactions.
    const firstNew = ROWS + 1;
    const fresh = Array.from({ length: NEW_NORMS }, (_, k) => norm(firstNew + k));
    const ids = (await db.execute<{ id: number }>(sql`insert into regulations (type, number, subject, state, created_at) values ${sql.join(fresh, sql`, `)} returning id`)).rows.map((row) => row.id);
    await db.execute(sql`update regulations set search_document = setweight(search_vector(subject), 'A') where id = any(${sql.param(ids)}::int[])`);
    await db.execute(sql`insert into alert_events (kind, regulation_id) select 'regulation-published', unnest(${sql.param(ids)}::int[])`);
    const followed = (await db.execute<{ regulation_id: number }>(sql`select distinct regulation_id from subscriptions where kind = 'regulation' limit ${Math.ceil(NEW_NORMS / 10)}`)).rows;
    for (const [k, row] of followed.entries()) {
      await db.execute(sql`insert into regulation_links (modifier_id, modified_id, kind) values (${ids[k]!}, ${row.regulation_id}, ${k % 2 ? 'repeals' : 'modifies'})`);
    }
    const [agenda] = (await db.execute<{ id: number }>(sql`insert into day_orders (session_type, session_date, previous_minutes) values ('ordinaria', now() + interval '2 days', '12/2026') returning id`)).rows;
    await db.execute(sql`insert into alert_events (kind, day_order_id) values ('day-order-published', ${agenda!.id})`);
    await db.execute(sql`vacuum analyze`);

    const started = performance.now();
    const { events, mails } = await app.subscriptions.runDigest();
    const matched = performance.now();
    await app.jobs.idle({ timeoutMs: 30 * 60_000 });
    const delivered = performance.now();
    const received = smtp.received.filter((mail) => mail.headers.has('list-unsubscribe')).length;
    const items = smtp.received.reduce((total, mail) => total + (mail.text.match(/^- /gm)?.length ?? 0), 0);
    console.log(`\n${kept.toLocaleString('en')} confirmed subscriptions (${ADDRESSES.toLocaleString('en')} addresses), ${NEW_NORMS} new public norms (${followed.length} of them linking to followed norms) and 1 agenda, on ${ROWS.toLocaleString('en')} norms`);
    console.log(`digest job (match ${events} events, queue ${mails} e-mails, one transaction): ${((matched - started) / 1000).toFixed(2)} s`);
    console.log(`delivery of ${received} digests (${items.toLocaleString('en')} items) through SMTP on localhost by the job queue: ${((delivered - matched) / 1000).toFixed(1)} s, ${(received / ((delivered - matched) / 1000)).toFixed(0)} e-mails/s`);
    console.log(`total: ${((delivered - started) / 1000).toFixed(1)} s`);
    if (received !== mails) process.exitCode = 1;
  } finally {
    await app.close();
    await smtp.close();
  }
});
