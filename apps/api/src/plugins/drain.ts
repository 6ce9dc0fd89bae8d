import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Behind a balancer, before the server stops listening: answers GET and HEAD with 503 until no
     * request has come for a second, or `limitMs` has passed. Resolves with why it ended.
     */
    drain: (limitMs: number) => Promise<{ ms: number; ended: 'quiet' | 'limit'; refused: number }>;
  }
}

export const DRAINING_MESSAGE = 'El servidor se está reiniciando. Intente de nuevo en unos segundos.';
/** No request for this long: the balancer has stopped sending here. */
const QUIET_MS = 1_000;
const LOOK_EVERY_MS = 50;

/**
 * The first step of a SIGTERM behind a balancer (SHUTDOWN_DRAIN_SECONDS). Closing the listener at once
 * would lose requests: nginx retries a request on another instance when the connection is refused,
 * but one it had already sent (a connection the closing listener reset, or one idle keep-alive
 * connection closed as it was used) fails when it is a POST, which nginx never sends twice. So for a
 * while the instance keeps listening, serves every other method as usual (those nginx would not
 * retry), and answers each GET and HEAD with an immediate 503, which nginx retries on another
 * instance (`proxy_next_upstream http_503`) and counts as a failure of this one (`max_fails=1`): it
 * stops sending here, the requests stop coming, and after a quiet second the listener closes with
 * nothing on its way to it.
 */
export const drainPlugin = fp(async (app: FastifyInstance) => {
  let draining = false;
  let lastArrival = 0;
  let refused = 0;
  app.addHook('onRequest', (request, reply, done) => {
    if (!draining) return done();
    lastArrival = performance.now();
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    refused += 1;
    // The API's error body, sent as it is: not the route's answer, so not through its response schema.
    void reply
      .code(503)
      .headers({ 'retry-after': '5', connection: 'close', 'content-type': 'application/json; charset=utf-8' })
      .send(JSON.stringify({ message: DRAINING_MESSAGE, requestId: request.id }));
  });
  app.decorate('drain', async (limitMs: number) => {
    const started = performance.now();
    draining = true;
    lastArrival = started;
    for (;;) {
      const now = performance.now();
      if (now - lastArrival >= QUIET_MS) return { ms: Math.round(now - started), ended: 'quiet' as const, refused };
      if (now - started >= limitMs) return { ms: Math.round(now - started), ended: 'limit' as const, refused };
      await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
    }
  });
});
