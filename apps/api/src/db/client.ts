import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export function createDatabase(connectionString: string, options: { max?: number } = {}): Database {
  // A request waits at most 5 s for a connection: during an outage it fails fast (503) instead of hanging.
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, connectionTimeoutMillis: 5_000 });
  // A client losing its connection must not crash the process: idle ones report to the pool, and
  // checked-out ones (in a query or a transaction) to their own listener, where pg would otherwise throw
  // an unhandled 'error' event. The query itself fails and the request answers 503; the next one reconnects.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return drizzle(pool, { schema });
}
