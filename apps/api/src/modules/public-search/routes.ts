import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  publicRegulationQuerySchema,
  publishedRegulationDetailSchema,
  publishedRegulationListSchema,
  publishedProjectParamsSchema,
  publishedProjectSchema,
  publishedRegulationDayQuerySchema,
  publishedRegulationParamsSchema,
  publishedRegulationSchema,
  type PublishedRegulationList,
  REGULATION_PATHS,
} from '@concejo/contracts';
import { createEncodedCopies, preferredEncoding } from '../../lib/encoded-copies.js';
import { rememberedQueryCompiler } from '../../lib/remembered-queries.js';
import type { PublicSearch, SerializedList } from './service.js';

/** A kept search answer compressed (once per answer and encoding) for browsers that take it. */
const compressedAnswer = createEncodedCopies((answer: SerializedList) => answer.body);
/** Below this, compressing an answer saves less than a packet's worth. */
const COMPRESSED_FROM_BYTES = 1024;
/** What the open-data downloads hold, for the API description: typed as any schema, as the body is a stream, never serialized. */
const EXPORT_TYPES = { csv: 'text/csv', json: 'application/json' } as const;
const EXPORT_BODIES: Record<'csv' | 'json', z.ZodType> = { csv: z.string(), json: z.array(publishedRegulationSchema.omit({ matched_in: true, excerpt: true })) };

/** What citizens read of the registry: the public search, a norm's page, the downloads and the feed. */
export const publicSearchRoutes: FastifyPluginAsyncZod<{ search: PublicSearch }> = async (app, { search }) => {
  /**
   * The public search of /normativas: approved (or old) ordinances, resolutions, decrees and
   * declarations, ranked when searching, each saying where it matched. 200; 422 malformed filters.
   */
  app.get(
    REGULATION_PATHS.published,
    {
      config: { access: 'public', publicCache: 'revalidate' },
      // Visitors repeat searches (and their pages): a query string is checked once.
      validatorCompiler: rememberedQueryCompiler,
      schema: {
        tags: ['public'],
        operationId: 'searchPublishedRegulations',
        summary: 'Search the published regulations',
        querystring: publicRegulationQuerySchema,
        response: { 200: publishedRegulationListSchema, 422: errorBodySchema },
      },
    },
    // Server-Timing says whether the answer came from the cache (hit, shared, miss, bypass) and what
    // computed it (the in-memory index, or the database while the index is built), and how many of
    // the excerpts' PDF texts were in memory: for the benches and an operator's browser tools; it
    // tells nothing a repeated request would not.
    async (request, reply) => {
      const { answer, outcome, source, texts } = await search.listPublished(request.query);
      const timing = [`cache;desc="${outcome}"`];
      if (source) timing.push(`search;desc="${source}"`);
      if (texts && texts.cached + texts.read > 0) timing.push(`texts;desc="${texts.cached} in memory, ${texts.read} read"`);
      // Already serialized (the contract's shape, checked by the tests): Fastify sends a JSON text or
      // bytes as they are, without its serializer (the type provider only knows objects).
      reply.header('server-timing', timing.join(', ')).type('application/json; charset=utf-8').header('etag', answer.etag);
      // A new search's answer, likely asked for once, goes as its text (SerializedList says why) and
      // uncompressed rather than wait for it; an answer asked for again (from the cache) goes as its
      // bytes, compressed as the browser accepts, compressed once.
      if (outcome !== 'hit' && outcome !== 'shared') return reply.send(answer.text as unknown as PublishedRegulationList);
      const encoding = answer.body.length >= COMPRESSED_FROM_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
      if (encoding) return reply.header('content-encoding', encoding).send((await compressedAnswer(answer, encoding)) as unknown as PublishedRegulationList);
      return reply.send(answer.body as unknown as PublishedRegulationList);
    },
  );

  /**
   * One public norm, by its public type and official number (the API's type names: `ordinance`...):
   * what its page at /normativas/{tipo}/{número} shows. 200; 404 for an address that names no public norm.
   */
  app.get(
    REGULATION_PATHS.publishedNormRoute,
    {
      config: { access: 'public', publicCache: 'revalidate' },
      schema: {
        tags: ['public'],
        operationId: 'getPublishedRegulation',
        summary: 'One published regulation, with its links and legal force',
        params: publishedRegulationParamsSchema,
        querystring: publishedRegulationDayQuerySchema,
        response: { 200: publishedRegulationDetailSchema, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => search.publishedOne(request.params.type, request.params.number, request.query.in_force_on),
  );

  /**
   * A project in trámite made public by an agenda, by its expediente (DESIGN.md 9.2): what its page at
   * /normativas/expediente/{expediente} shows, or where its norm is once enacted. 200; 404.
   */
  app.get(
    REGULATION_PATHS.publishedProjectRoute,
    {
      config: { access: 'public', publicCache: 'revalidate' },
      schema: {
        tags: ['public'],
        operationId: 'getPublishedProject',
        summary: 'A project in trámite listed in an agenda, by its expediente',
        params: publishedProjectParamsSchema,
        response: { 200: publishedProjectSchema, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => search.publishedProject(request.params.expediente),
  );

  /**
   * The same public search as open data, every matching row (not one page): CSV (UTF-8 with BOM, so
   * spreadsheets read the accents) or JSON. 200; 422 malformed filters (JSON, before any row is sent).
   * The first batch of rows is read before the headers go, so a refused query is an ordinary error
   * answer. `no-store`: the body is streamed, and if the database fails midway the connection is cut
   * (no final chunk, which clients report as an incomplete download); no browser or proxy may keep
   * such a body and serve it later as the complete file. An ETag with `no-cache` would not do: it
   * cannot be computed before the whole body exists, and a cache holding a cut body would revalidate
   * it as current.
   */
  for (const format of ['csv', 'json'] as const) {
    app.get(
      REGULATION_PATHS.download(format),
      {
        config: { access: 'public' },
        schema: {
          tags: ['public'],
          operationId: `exportPublishedRegulations${format === 'csv' ? 'Csv' : 'Json'}`,
          summary: `Download the whole public search as ${format.toUpperCase()}`,
          querystring: publicRegulationQuerySchema.omit({ page: true }),
          response: { 200: { description: 'Every matching row.', content: { [EXPORT_TYPES[format]]: { schema: EXPORT_BODIES[format] } } } },
        },
      },
      async (request, reply) => {
        const body = await search.exportPublished({ ...request.query, page: 1 }, format);
        reply
          .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="normativas.${format}"`)
          .header('cache-control', 'no-store');
        return reply.send(Readable.from(body));
      },
    );
  }

  /** Atom feed of the newest approved norms. 200. */
  app.get(
    REGULATION_PATHS.feed,
    {
      config: { access: 'public', publicCache: 'revalidate' },
      schema: {
        tags: ['public'],
        operationId: 'getRegulationsFeed',
        summary: 'Atom feed of the newest approved regulations',
        response: { 200: { description: 'The feed.', content: { 'application/atom+xml': { schema: z.string() } } } },
      },
    },
    async (_request, reply) => reply.header('content-type', 'application/atom+xml; charset=utf-8').send(await search.feed()),
  );
};
