import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CRAWLER_PATHS } from '@concejo/contracts';
import { z } from 'zod';
import { NotFound } from '../../lib/errors.js';
import type { SitemapService } from './service.js';

// Revalidated on every use (no-cache + ETag, a cheap 304): a news item just published is listed at once.
const config = { access: 'public', publicCache: 'revalidate' } as const;

/** /sitemap.xml and /robots.txt at the site's root (no /api/v1 prefix); GET and HEAD. */
export const sitemapRoutes: FastifyPluginAsyncZod<{ sitemap: SitemapService }> = async (app, { sitemap }) => {
  /** Every public page as an absolute URL under PUBLIC_URL. 200; 304 with a matching If-None-Match. */
  app.get(CRAWLER_PATHS.sitemap, { config, schema: { hide: true } }, async (_request, reply) =>
    reply.header('content-type', 'application/xml; charset=utf-8').send(await sitemap.sitemap()),
  );

  /** A numbered file of the sitemap when /sitemap.xml is an index of them. 200; 404 for a file there is not. */
  app.get(CRAWLER_PATHS.sitemapPartRoute, { config, schema: { hide: true, params: z.object({ part: z.string() }) } }, async (request, reply) => {
    const part = /^[1-9]\d{0,3}$/.test(request.params.part) ? await sitemap.sitemapPart(Number(request.params.part)) : undefined;
    if (part === undefined) throw new NotFound('No existe ese archivo del mapa del sitio.');
    return reply.header('content-type', 'application/xml; charset=utf-8').send(part);
  });

  /** What crawlers may read, and where the sitemap is. 200; 304 with a matching If-None-Match. */
  app.get(CRAWLER_PATHS.robots, { config, schema: { hide: true } }, async (_request, reply) =>
    reply.header('content-type', 'text/plain; charset=utf-8').send(sitemap.robots()),
  );
};
