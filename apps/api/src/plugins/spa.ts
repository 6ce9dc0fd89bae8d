import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE, MESSAGES, type ErrorBody } from '@concejo/contracts';
import { preferredEncoding } from '../lib/encoded-copies.js';
import { createPageRenderer, type PageRenderer, type RenderedPage } from './page-renderer.js';
import { holdsCopy } from './public-cache.js';
import { allowCrossOriginOpeners } from './security-headers.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server rendering of the public pages, when the web build has its server bundle. */
    pages: PageRenderer | null;
  }
}

/**
 * Everything that is not an API route: the built web app, with hashed assets cached for a year and
 * the rest revalidated; a public page rendered on the server (page-renderer.ts), or `index.html` for
 * a client-side page (the staff panels), so client routes survive a reload; a JSON 404 in the error
 * shape for the rest.
 */
export const spaPlugin = fp(async (app: FastifyInstance, { root, publicUrl }: { root: string | undefined; publicUrl: string }) => {
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

  const pages = built ? await createPageRenderer(app, { root, publicUrl, changes: app.publicChanges, log: app.log }) : null;
  app.decorate('pages', pages);

  app.setNotFoundHandler(async (request, reply) => {
    if (built && wantsPage(request)) {
      const page = pages ? await renderedPage(pages, request) : null;
      if (page && 'redirect' in page) return reply.redirect(page.redirect, page.status);
      if (page) return sendPage(pages!, page, request, reply);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: MESSAGES.notFound, requestId: String(request.id) } satisfies ErrorBody);
  });
});

/** The page rendered on the server; null for a client-side page, or when rendering failed (logged). */
async function renderedPage(pages: PageRenderer, request: FastifyRequest) {
  try {
    return await pages.page(request.url);
  } catch (error) {
    // The shell still works: the browser renders the page itself.
    request.log.error({ err: error }, 'server rendering failed; sending the client-side page');
    return null;
  }
}

/** A rendered page: revalidated on every visit (its ETag makes that cheap), compressed once. */
async function sendPage(pages: PageRenderer, page: RenderedPage, request: FastifyRequest, reply: FastifyReply) {
  reply.status(page.status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding').header('etag', page.etag);
  if (page.reading) allowCrossOriginOpeners(reply);
  if (page.status === 200 && holdsCopy(request, page.etag)) return reply.status(304).send();
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(page.html);
  return reply.header('content-encoding', encoding).send(await pages.encoded(page, encoding));
}

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
