import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';

/** Liveness (the process answers) and readiness (it can reach the database). */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'database not reachable');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
