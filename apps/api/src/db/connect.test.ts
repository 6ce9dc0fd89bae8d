import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, inject, it } from 'vitest';
import { connectDatabase, ensureDatabase } from './connect.js';

it('closing the connection does not wait for ever on a client never given back: it goes on after 5 s and says so', async () => {
  const url = new URL(inject('postgresUrl'));
  const name = `test_${randomBytes(8).toString('hex')}`;
  await ensureDatabase(url.toString(), name);
  url.pathname = `/${name}`;
  const warnings: string[] = [];
  const connection = await connectDatabase({ databaseUrl: url.toString(), dataDir: '' }, undefined, (message) => warnings.push(message));
  await connection.db.execute(sql`select 1`);
  const kept = await connection.db.$client.connect();
  const started = performance.now();
  await connection.close();
  expect(performance.now() - started).toBeGreaterThan(4_500);
  expect(performance.now() - started).toBeLessThan(15_000);
  expect(warnings).toEqual(['database connections still in use after 5 s: 1; closing without them']);
  kept.release();
});
