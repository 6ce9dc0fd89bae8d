import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createDayOrderResponseSchema,
  createDayOrderSchema,
  DAY_ORDER_MESSAGES,
  DAY_ORDER_PATHS,
  dayOrderDetailSchema,
  dayOrderSourcesQuerySchema,
  dayOrderSourcesSchema,
  dayOrderSummaryListSchema,
  dayOrderSummaryQuerySchema,
  deleteDayOrderResponseSchema,
  errorBodySchema,
  publishedDayOrderListSchema,
  publishedDayOrderQuerySchema,
} from '@concejo/contracts';
import type { DayOrderService } from './service.js';
import { errorResponses, idParams } from '../../lib/route-schemas.js';

const errors = errorResponses(401, 403, 404, 422);
const tags = ['day-orders'];

export const dayOrderRoutes: FastifyPluginAsyncZod<{ dayOrders: DayOrderService }> = async (app, { dayOrders }) => {
  /** Regulations in process created in the date-time range, by agenda section. 200; 401; 403; 422. */
  app.get(
    DAY_ORDER_PATHS.sources,
    {
      config: { access: 'dayOrders.create' },
      schema: { tags, operationId: 'listDayOrderSources', summary: 'List the regulations an agenda may include', querystring: dayOrderSourcesQuerySchema, response: { 200: dayOrderSourcesSchema, ...errors } },
    },
    async (request) => dayOrders.sources(request.query),
  );

  /** Builds an agenda and its PDF. 201 { id, pdf_path }; 401; 403; 422 with messages by field. */
  app.post(
    DAY_ORDER_PATHS.list,
    {
      config: { access: 'dayOrders.create' },
      schema: { tags, operationId: 'createDayOrder', summary: 'Build an agenda and its PDF', body: createDayOrderSchema, response: { 201: createDayOrderResponseSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await dayOrders.create(request.user!, request.body)),
  );

  /**
   * Public list of the agendas, latest session first, by the days of their sessions (from/to inclusive). 200, public with an
   * ETag (304 when unchanged); 422 malformed page or dates. no-cache: a browser revalidates each time
   * (a cheap 304), so an agenda just created or deleted shows at once, for its author too.
   */
  app.get(
    DAY_ORDER_PATHS.published,
    {
      config: { access: 'public', publicCache: 'revalidate' },
      schema: { tags, operationId: 'listPublishedDayOrders', summary: 'List the published agendas', querystring: publishedDayOrderQuerySchema, response: { 200: publishedDayOrderListSchema, 422: errorBodySchema } },
    },
    async (request) => dayOrders.published(request.query),
  );

  /** The newest agendas as an Atom feed (linked from /ver-orden-dia). 200, public with an ETag. */
  app.get(
    DAY_ORDER_PATHS.feed,
    {
      config: { access: 'public', publicCache: 'revalidate' },
      schema: { tags, operationId: 'getDayOrdersFeed', summary: 'Atom feed of the newest agendas', response: { 200: { description: 'The feed.', content: { 'application/atom+xml': { schema: z.string() } } } } },
    },
    async (_request, reply) => reply.header('content-type', 'application/atom+xml; charset=utf-8').send(await dayOrders.feed()),
  );

  /** The sessions of the newest agendas as an iCalendar (RFC 5545) to subscribe to. 200, public with an ETag. */
  app.get(
    DAY_ORDER_PATHS.calendar,
    {
      config: { access: 'public', publicCache: 'revalidate' },
      schema: { tags, operationId: 'getSessionsCalendar', summary: 'iCalendar of the sessions whose agendas are published', response: { 200: { description: 'The calendar.', content: { 'text/calendar': { schema: z.string() } } } } },
    },
    async (_request, reply) =>
      reply.header('content-type', 'text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="sesiones.ics"').send(await dayOrders.calendar()),
  );

  /** Session summaries, latest session first. 200; 401; 403; 422. */
  app.get(
    DAY_ORDER_PATHS.list,
    {
      config: { access: 'dayOrders.summaries' },
      schema: { tags, operationId: 'listDayOrderSummaries', summary: 'List the session summaries', querystring: dayOrderSummaryQuerySchema, response: { 200: dayOrderSummaryListSchema, ...errors } },
    },
    async (request) => dayOrders.summaries(request.query),
  );

  /** One agenda with its items by section. 200; 401; 403; 404; 422 bad id. */
  app.get(
    DAY_ORDER_PATHS.oneRoute,
    {
      config: { access: 'dayOrders.summaries' },
      schema: { tags, operationId: 'getDayOrder', summary: 'Get one agenda with its items', params: idParams, response: { 200: dayOrderDetailSchema, ...errors } },
    },
    async (request) => dayOrders.detail(request.params.id),
  );

  /** Deletes an agenda and its PDF. 200; 401; 403; 404; 422 bad id. */
  app.delete(
    DAY_ORDER_PATHS.oneRoute,
    {
      config: { access: 'dayOrders.delete' },
      schema: { tags, operationId: 'deleteDayOrder', summary: 'Delete an agenda and its PDF', params: idParams, response: { 200: deleteDayOrderResponseSchema, ...errors } },
    },
    async (request) => {
      await dayOrders.delete(request.user!, request.params.id);
      return { message: DAY_ORDER_MESSAGES.deleted };
    },
  );
};
