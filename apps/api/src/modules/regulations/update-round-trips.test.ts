import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildLoggedInUser, buildRegulation } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { multipartForm, samplePdf } from '../../test/multipart.js';
import { countQueries } from '../../test/query-counter.js';

let ctx: TestContext;
let admin: { authorization: string };

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await buildLoggedInUser(ctx.app, ctx.db, 'admin')).headers;
});
afterAll(() => ctx.close());

const create = (fields: Record<string, string | number | string[]>) => buildRegulation(ctx.app, admin, fields, { pdf_approved: samplePdf() });

it('saves a typical edit (subject, authors, keywords, links) in one transaction of few round trips', async () => {
  const older = await create({ type: 'ordinance', state: 'approved', number: 10, subject: 'Ordenanza vieja', authors: ['A'] });
  const norm = await create({ type: 'ordinance', state: 'approved', number: 11, subject: 'Ordenanza', authors: ['A', 'B'], keywords: ['uno'] });
  await ctx.app.jobs.idle();
  const changes = { subject: 'Ordenanza revisada', authors: ['A', 'C'], keywords: ['uno', 'dos'], modifies: [older.id] };
  const { result, queries } = await countQueries(ctx.db, () =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/regulations/${norm.id}`, headers: admin, payload: multipartForm({ changes: JSON.stringify(changes), version: norm.version }) }),
  );
  expect(result.statusCode, result.body).toBe(200);
  console.log(`update round trips: ${queries.length}\n${queries.map((q) => `  ${q.replace(/\s+/g, ' ').slice(0, 110)}`).join('\n')}`);
  // Before the one-pipeline update this edit took 29 (the snapshot read outside the lock, lists deleted
  // and inserted, links read back, the detail in six reads); 15 after it; 16 since the new link is also
  // written down for the citizens' alerts (one insert into alert_events, in the same transaction).
  expect(queries.length).toBeLessThanOrEqual(16);
  expect(queries.filter((query) => query.includes('alert_events'))).toHaveLength(1);
  const transaction = queries.slice(queries.indexOf('begin'), queries.indexOf('commit') + 1);
  expect(transaction[1]).toMatch(/for update/);
});
