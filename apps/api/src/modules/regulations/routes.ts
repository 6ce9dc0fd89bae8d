import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createRegulationFieldsSchema,
  errorBodySchema,
  oldRegulationFieldsSchema,
  publicRegulationQuerySchema,
  publishedRegulationDetailSchema,
  publishedRegulationListSchema,
  publishedRegulationParamsSchema,
  publishedRegulationSchema,
  REGULATION_PATHS,
  regulationDetailSchema,
  relatedRegulationListSchema,
  relatedRegulationQuerySchema,
  staffRegulationListSchema,
  staffRegulationQuerySchema,
  updateRegulationFieldsSchema,
  type PublishedRegulationList,
} from '@concejo/contracts';
import { createEncodedCopies, preferredEncoding } from '../../lib/encoded-copies.js';
import { MAX_PDF_BYTES, multipartSpec, readMultipartForm, type FileFieldRule } from '../../lib/multipart.js';
import { rememberedQueryCompiler } from '../../lib/remembered-queries.js';
import type { ReplayedAnswers } from '../../lib/replayed-answers.js';
import type { SerializedList } from './published-service.js';
import type { RegulationService } from './service.js';
import { errorResponses, idParams } from '../../lib/route-schemas.js';

const errors = errorResponses(401, 403, 404, 422);
/** Up to 20 MB each, written to disk as they arrive (never whole in memory) and streamed to the storage. */
const pdf = { maxBytes: MAX_PDF_BYTES, tooLargeMessage: 'El PDF supera el tamaño máximo de 20 MB.', spool: true } satisfies FileFieldRule;
const createForm = multipartSpec({ schema: createRegulationFieldsSchema, files: { pdf_process: pdf, pdf_approved: pdf } });
/** `changes` is JSON of the changed fields and `version` the one edited. */
const updateForm = multipartSpec({ schema: updateRegulationFieldsSchema, files: { pdf_process: pdf, pdf_approved: pdf } });
const oldForm = multipartSpec({ schema: oldRegulationFieldsSchema, files: { pdf } });
/** A kept search answer compressed (once per answer and encoding) for browsers that take it. */
const compressedAnswer = createEncodedCopies((answer: SerializedList) => answer.body);
/** Below this, compressing an answer saves less than a packet's worth. */
const COMPRESSED_FROM_BYTES = 1024;
/** What the open-data downloads hold, for the API description: typed as any schema, as the body is a stream, never serialized. */
const EXPORT_TYPES = { csv: 'text/csv', json: 'application/json' } as const;
const EXPORT_BODIES: Record<'csv' | 'json', z.ZodType> = { csv: z.string(), json: z.array(publishedRegulationSchema.omit({ matched_in: true, excerpt: true })) };

export const regulationRoutes: FastifyPluginAsyncZod<{ regulations: RegulationService; replays?: ReplayedAnswers }> = async (app, { regulations, replays }) => {
  // Searches answered from the cache, kept to be replayed once their answer is sent (the onSend below).
  const hits = new WeakMap<FastifyRequest, SerializedList>();

  /** Staff list with every filter of spec 2.5.1. 200; 401; 403; 422 malformed filters. */
  app.get(
    REGULATION_PATHS.list,
    {
      config: { access: 'regulations.read' },
      schema: {
        tags: ['regulations'],
        operationId: 'listRegulations',
        summary: 'List the registry with the staff filters',
        querystring: staffRegulationQuerySchema,
        response: { 200: staffRegulationListSchema, ...errors },
      },
    },
    async (request) => regulations.list(request.user!, request.query),
  );

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
      // A route's own onSend runs after every other: these are the headers and bytes that go out.
      onSend: (request, reply, payload, done) => {
        const answer = hits.get(request);
        if (answer && replays && reply.statusCode === 200 && Buffer.isBuffer(payload)) {
          replays.keep(request.raw, reply.getHeaders(), payload, () => regulations.stillPublished(answer));
        }
        done(null, payload);
      },
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
      let fromCache = false;
      let hit = false;
      const answer = await regulations.listPublished(request.query, (outcome, source, texts) => {
        fromCache = outcome === 'hit' || outcome === 'shared';
        hit = outcome === 'hit';
        const timing = [`cache;desc="${outcome}"`];
        if (source) timing.push(`search;desc="${source}"`);
        if (texts && texts.cached + texts.read > 0) timing.push(`texts;desc="${texts.cached} in memory, ${texts.read} read"`);
        void reply.header('server-timing', timing.join(', '));
      });
      // Already serialized (the contract's shape, checked by the tests): Fastify sends a JSON text or
      // bytes as they are, without its serializer (the type provider only knows objects).
      reply.type('application/json; charset=utf-8').header('etag', answer.etag);
      // A new search's answer, likely asked for once, goes as its text (SerializedList says why) and
      // uncompressed rather than wait for it; an answer asked for again (from the cache) goes as its
      // bytes, compressed as the browser accepts, compressed once.
      if (!fromCache) return reply.send(answer.text as unknown as PublishedRegulationList);
      if (hit) hits.set(request, answer);
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
        response: { 200: publishedRegulationDetailSchema, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => regulations.publishedOne(request.params.type, request.params.number),
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
        const body = await regulations.exportPublished({ ...request.query, page: 1 }, format);
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
    async (_request, reply) => reply.header('content-type', 'application/atom+xml; charset=utf-8').send(await regulations.feed()),
  );

  /** Candidates for the modifies / modified-by pickers (at least 3 characters). 200; 401; 403; 422. */
  app.get(
    REGULATION_PATHS.related,
    {
      config: { access: 'regulations.read' },
      schema: {
        tags: ['regulations'],
        operationId: 'listRelatedRegulationCandidates',
        summary: 'Find regulations to link as modified or modifying',
        querystring: relatedRegulationQuerySchema,
        response: { 200: relatedRegulationListSchema, ...errors },
      },
    },
    async (request) => regulations.related(request.query),
  );

  /** One regulation with authors, keywords, PDFs, both link lists and its history. 200; 401; 403; 404. */
  app.get(
    REGULATION_PATHS.oneRoute,
    {
      config: { access: 'regulations.read' },
      schema: {
        tags: ['regulations'],
        operationId: 'getRegulation',
        summary: 'Get one regulation with its links and history',
        params: idParams,
        response: { 200: regulationDetailSchema, ...errors },
      },
    },
    async (request) => regulations.detail(request.user!, request.params.id),
  );

  /** Registers a regulation (multipart, spec 3). 201; 401; 403 a field the role may not set; 413; 422. */
  app.post(
    REGULATION_PATHS.list,
    {
      config: { access: 'regulations.create', multipart: createForm },
      schema: {
        tags: ['regulations'],
        operationId: 'createRegulation',
        summary: 'Register a regulation',
        consumes: ['multipart/form-data'],
        response: { 201: regulationDetailSchema, 413: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, createForm);
      return reply.status(201).send(await regulations.create(request.user!, form));
    },
  );

  /**
   * Modifies a regulation: PDFs (a file, or an empty value to remove), `changes` (JSON of the changed
   * fields) and the `version` edited. 200; 401; 403; 404; 409 someone saved in between; 413; 422.
   */
  app.post(
    REGULATION_PATHS.oneRoute,
    {
      config: { access: 'regulations.update', multipart: updateForm },
      schema: {
        tags: ['regulations'],
        operationId: 'updateRegulation',
        summary: 'Modify a regulation',
        description:
          '`changes`: JSON of the changed fields only; `version`: the version that was edited (409 if someone saved since); ' +
          'a PDF field sent empty removes that PDF.',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: regulationDetailSchema, 409: errorBodySchema, 413: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const form = await readMultipartForm(request, updateForm);
      return regulations.update(request.user!, request.params.id, form);
    },
  );

  /** Loads an old regulation: date, type, DEM sub-type, number, keywords and its PDF. 201; 401; 403; 413; 422. */
  app.post(
    REGULATION_PATHS.oldList,
    {
      config: { access: 'oldRegulations.create', multipart: oldForm },
      schema: {
        tags: ['regulations'],
        operationId: 'createOldRegulation',
        summary: 'Load an old regulation',
        consumes: ['multipart/form-data'],
        response: { 201: regulationDetailSchema, 413: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, oldForm);
      return reply.status(201).send(await regulations.createOld(request.user!, form));
    },
  );

  /** Deletes an old regulation and its PDF. 200; 401; 403 (also for a regulation that is not old); 404. */
  app.delete(
    REGULATION_PATHS.oldOneRoute,
    {
      config: { access: 'oldRegulations.delete' },
      schema: {
        tags: ['regulations'],
        operationId: 'deleteOldRegulation',
        summary: 'Delete an old regulation and its PDF',
        params: idParams,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      await regulations.deleteOld(request.user!, request.params.id);
      return { message: 'Normativa eliminada correctamente.' };
    },
  );
};
