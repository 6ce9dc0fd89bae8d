import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, type Database } from './client.js';
import { ensureDatabase } from './connect.js';

let url: string;
let db: Database | undefined;
beforeAll(async () => {
  const maintenance = new URL(inject('postgresUrl'));
  const name = `test_${randomBytes(8).toString('hex')}`;
  await ensureDatabase(maintenance.toString(), name);
  maintenance.pathname = `/${name}`;
  url = maintenance.toString();
});
afterEach(async () => {
  await db?.$client.end();
  db = undefined;
});

type PooledClient = { connection: { stream: { destroy: () => void } } };

describe('transactions on the pool', () => {
  it('give back a client whose connection was lost before BEGIN: a pool of one serves the next query at once', async () => {
    db = createDatabase(url, { max: 1 });
    await db.execute(sql`select 1`);
    // The connection dies right as the transaction checks it out, as when PostgreSQL restarts.
    db.$client.once('acquire', (client: PooledClient) => client.connection.stream.destroy());
    await expect(db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    const started = performance.now();
    const { rows } = await db.execute<{ answer: number }>(sql`select 42 as answer`);
    expect(rows[0]!.answer).toBe(42);
    // A client never given back would make this wait for the pool's 5 s connection timeout, then fail.
    expect(performance.now() - started).toBeLessThan(2_000);
    // And the pool can still be closed (a shutdown waits for every client to come back).
    await db.$client.end();
    db = undefined;
  });

  it('still commit, roll back on an error and nest', async () => {
    db = createDatabase(url, { max: 2 });
    await db.execute(sql`create table client_test_rows (n int)`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into client_test_rows values (1)`);
      await tx.transaction(async (nested) => nested.execute(sql`insert into client_test_rows values (2)`));
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into client_test_rows values (3)`);
        throw new Error('deshecha');
      }),
    ).rejects.toThrow('deshecha');
    const { rows } = await db.execute<{ n: number }>(sql`select n from client_test_rows order by n`);
    expect(rows.map((row) => row.n)).toEqual([1, 2]);
  });
});
