import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** The handle a `db.transaction(work)` gives its work. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either: a read or write that may run inside a caller's transaction or on its own. */
export type Db = Database | Tx;

export function createDatabase(connectionString: string, options: { max?: number } = {}): Database {
  // A request waits at most 5 s for a connection: during an outage it fails fast (503) instead of hanging.
  // An idle connection is closed after 5 minutes, not pg's 10 s: opening one costs a PostgreSQL process
  // and a SCRAM exchange (CPU on both sides, by design), and a burst of searches after a quiet spell
  // opened ten at once and answered slowly for half a second (the public search bench's rows, which
  // follow rows that ask no text of the database).
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 300_000 });
  // A client losing its connection must not crash the process: idle ones report to the pool, and
  // checked-out ones (in a query or a transaction) to their own listener, where pg would otherwise throw
  // an unhandled 'error' event. The query itself fails and the request answers 503; the next one reconnects.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle(pool, { schema }) as Database;
  db.transaction = transactionsReleasingTheirClient(pool);
  return db;
}

/**
 * drizzle's own transaction on a pool sends BEGIN before its try block: a connection lost between the
 * checkout and BEGIN (PostgreSQL restarting) never went back to the pool, which shrank for good, one
 * client per outage, until every request waited for a connection. Here the client is checked out and
 * always released (a broken one is dropped by the pool), and drizzle runs the transaction on it; the
 * drizzle instance of each pooled client is kept, not rebuilt per transaction.
 */
function transactionsReleasingTheirClient(pool: pg.Pool): Database['transaction'] {
  const onClient = new WeakMap<pg.PoolClient, NodePgDatabase<typeof schema>>();
  return async (work, config) => {
    const client = await pool.connect();
    try {
      let db = onClient.get(client);
      if (!db) onClient.set(client, (db = drizzle(client, { schema })));
      return await db.transaction(work, config);
    } finally {
      client.release();
    }
  };
}
