import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Seconds a public GET may be cached by browsers and proxies; it also gets an ETag. */
    publicCache?: number;
  }
}

/**
 * Public GETs (and their HEADs) that declare `config.publicCache` are sent with `Cache-Control: public, max-age=N` and a
 * weak ETag of their body; a request whose If-None-Match matches gets 304 without the body.
 */
export const publicCachePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    const seconds = request.routeOptions.config.publicCache;
    if (seconds === undefined || !['GET', 'HEAD'].includes(request.method) || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('etag', etag).header('cache-control', `public, max-age=${seconds}`).header('vary', 'Accept-Encoding');
    const wanted = request.headers['if-none-match'];
    if (wanted && wanted.split(',').some((tag) => tag.trim() === etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  });
});
