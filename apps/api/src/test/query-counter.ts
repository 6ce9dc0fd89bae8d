import type pg from 'pg';
import type { Database } from '../db/client.js';

/**
 * Counts the statements this app's pool sends to PostgreSQL (round trips) while `measure` runs: every
 * query goes through a checked-out client, so wrapping `connect` sees them all once. The job runner's
 * own pool is not counted.
 */
export async function countQueries<T>(db: Database, measure: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
  const pool = db.$client as unknown as { connect: (...args: unknown[]) => unknown };
  const queries: string[] = [];
  const wrapped = new WeakSet<object>();
  const wrap = (client: pg.PoolClient) => {
    if (wrapped.has(client)) return client;
    wrapped.add(client);
    const original = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      if (counting) {
        const first = args[0];
        queries.push(typeof first === 'string' ? first : String((first as { text?: string }).text ?? ''));
      }
      return original(...args);
    };
    return client;
  };
  let counting = true;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = (...args: unknown[]) => {
    const callback = args[0];
    if (typeof callback === 'function') {
      return connect((error: unknown, client: pg.PoolClient, done: unknown) => (callback as (...a: unknown[]) => unknown)(error, client && wrap(client), done));
    }
    return (connect() as Promise<pg.PoolClient>).then(wrap);
  };
  try {
    return { result: await measure(), queries };
  } finally {
    counting = false;
    pool.connect = connect;
  }
}
