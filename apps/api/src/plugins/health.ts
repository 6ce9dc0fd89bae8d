import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client.js';

const tags = ['health'];
const status = (value: 'ok' | 'unavailable') => z.object({ status: z.literal(value) });
const unavailable = status('unavailable').describe('The database cannot be reached.');

/** Liveness (the process answers) and readiness (it can reach the database). */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.get('/healthz', { schema: { tags, operationId: 'getLiveness', summary: 'Liveness: the process answers', response: { 200: status('ok') } } }, async () => ({
    status: 'ok',
  }));
  app.get(
    '/readyz',
    { schema: { tags, operationId: 'getReadiness', summary: 'Readiness: the database answers', response: { 200: status('ok'), 503: unavailable } } },
    async (request, reply) => {
      try {
        await db.execute(sql`select 1`);
        return { status: 'ok' };
      } catch (error) {
        request.log.error({ err: error }, 'database not reachable');
        return reply.status(503).send({ status: 'unavailable' });
      }
    },
  );
}
