import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE, MESSAGES, type ErrorBody } from '@concejo/contracts';

/**
 * Everything that is not an API route: the built SPA, with hashed assets cached for a year and the
 * rest revalidated; `index.html` for any other page request, so client routes survive a reload;
 * a JSON 404 in the error shape for the rest.
 */
export const spaPlugin = fp(async (app: FastifyInstance, { root }: { root: string | undefined }) => {
  const built = root !== undefined && existsSync(path.join(root, 'index.html'));
  if (root !== undefined && !built) {
    app.log.warn({ root }, 'built web app not found; run `npm run build` to serve the site');
  }
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset: sent as the browser accepts, never compressed per request.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const hashed = filePath.startsWith(path.join(root, 'assets') + path.sep);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (built && wantsPage(request)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: MESSAGES.notFound, requestId: String(request.id) } satisfies ErrorBody);
  });
});

/** A page of the SPA: a GET outside the API and the assets whose last segment is not a file name. */
function wantsPage(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '';
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !pathname.startsWith(`${API_BASE}/`) &&
    pathname !== API_BASE &&
    !pathname.startsWith('/assets/') &&
    !lastSegment.includes('.')
  );
}
