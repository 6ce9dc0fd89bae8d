import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How browsers and proxies may keep a public GET; either way it gets an ETag. 'revalidate':
     * content staff change, asked again on every use (304 while unchanged), so that a change is
     * seen on the next request. A number of seconds: content no staff write changes (the site's
     * settings, the upstream media proxies), kept that long.
     */
    publicCache?: 'revalidate' | number;
  }
}

/** The weak ETag of a body: what the hook below sends, and what a route that keeps its answer serialized computes once. */
export function weakEtag(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * Public GETs (and their HEADs) that declare `config.publicCache` are sent with `Cache-Control: public, no-cache` (or
 * `max-age=N`) and a weak ETag of their body; a request whose If-None-Match matches gets 304 without
 * the body.
 */
export const publicCachePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', (request, reply, payload, done) => {
    done(null, withCacheHeaders(request, reply, payload));
  });
});

/** The answer's caching headers; '' with a 304 when the client already holds this body. */
function withCacheHeaders(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  const policy = request.routeOptions.config.publicCache;
  if (policy === undefined || (request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  // A route that keeps its answer serialized (with its ETag) has set it already.
  const given = reply.getHeader('etag');
  const etag = typeof given === 'string' ? given : weakEtag(payload);
  const cacheControl = policy === 'revalidate' ? 'public, no-cache' : `public, max-age=${policy}`;
  reply.header('etag', etag).header('cache-control', cacheControl).header('vary', 'Accept-Encoding');
  if (holdsCopy(request, etag)) {
    reply.code(304);
    return '';
  }
  return payload;
}

/** Whether the request's If-None-Match names this ETag: the client already holds the body. */
export function holdsCopy(request: FastifyRequest, etag: string): boolean {
  const wanted = request.headers['if-none-match'];
  return wanted !== undefined && wanted.split(',').some((tag) => tag.trim() === etag);
}
