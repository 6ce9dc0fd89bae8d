import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONTENT_MESSAGES,
  CONTENT_PATHS,
  createNewsFieldsSchema,
  errorBodySchema,
  MAX_IMAGE_BYTES,
  MAX_NEWS_DESCRIPTION_INPUT,
  messageResponseSchema,
  newsItemSchema,
  newsListSchema,
  updateNewsFieldsSchema,
} from '@concejo/contracts';
import { multipartSpec, readMultipartForm } from '../../lib/multipart.js';
import type { NewsService } from './service.js';
import { errorResponses, idParams } from '../../lib/route-schemas.js';

const errors = errorResponses(401, 403, 404, 422);
const tags = ['news'];
const files = { image: { maxBytes: MAX_IMAGE_BYTES, tooLargeMessage: CONTENT_MESSAGES.imageTooLarge } };
// Editor images travel inside the description as data URLs until the server stores them: the only
// large field; every other one gets the small default.
const large = { description: { maxBytes: MAX_NEWS_DESCRIPTION_INPUT, tooLargeMessage: CONTENT_MESSAGES.descriptionTooLarge } };
const createForm = multipartSpec({ schema: createNewsFieldsSchema, large, files });
const updateForm = multipartSpec({ schema: updateNewsFieldsSchema, large, files });

export const newsRoutes: FastifyPluginAsyncZod<{ news: NewsService }> = async (app, { news }) => {
  /**
   * Published news (active, inside their window), newest first. 200, public with an ETag; no-cache so
   * that an item just published, edited or removed shows at the next visit (a cheap 304 otherwise).
   */
  app.get(
    CONTENT_PATHS.publishedNews,
    {
      config: { access: 'public', publicCache: 'revalidate' },
      schema: { tags, operationId: 'listPublishedNews', summary: 'List the published news', response: { 200: newsListSchema } },
    },
    async () => news.published(),
  );

  /** One published item, for a news page opened from a shared link. 200 public with an ETag; 404; 422. */
  app.get(
    CONTENT_PATHS.publishedNewsItemRoute,
    {
      config: { access: 'public', publicCache: 'revalidate' },
      schema: {
        tags,
        operationId: 'getPublishedNewsItem',
        summary: 'Get one published news item',
        params: idParams,
        response: { 200: newsItemSchema, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => news.publishedOne(request.params.id),
  );

  /** Every news item, whatever its status and window, newest first. 200; 401; 403. */
  app.get(
    CONTENT_PATHS.news,
    {
      config: { access: 'content.manage' },
      schema: { tags, operationId: 'listNews', summary: 'List every news item', response: { 200: newsListSchema, ...errors } },
    },
    async () => news.list(),
  );

  /** Creates a news item: multipart `image`, `status`, `title`, `description` (HTML), `video_url`. 201; 401; 403; 413; 422. */
  app.post(
    CONTENT_PATHS.news,
    {
      config: { access: 'content.manage', multipart: createForm },
      schema: {
        tags,
        operationId: 'createNewsItem',
        summary: 'Create a news item',
        consumes: ['multipart/form-data'],
        response: { 201: newsItemSchema, 413: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, createForm);
      return reply.status(201).send(await news.create(request.user!, form.fields, form.files.image));
    },
  );

  /** Edits a news item: the fields sent, and optionally a new `image`. 200; 401; 403; 404; 413; 422. */
  app.post(
    CONTENT_PATHS.newsItemRoute,
    {
      config: { access: 'content.manage', multipart: updateForm },
      schema: {
        tags,
        operationId: 'updateNewsItem',
        summary: 'Edit a news item',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: newsItemSchema, 413: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const form = await readMultipartForm(request, updateForm);
      return news.update(request.user!, request.params.id, form.fields, form.files.image);
    },
  );

  /** Deletes a news item with its picture and editor images. 200; 401; 403; 404; 422 bad id. */
  app.delete(
    CONTENT_PATHS.newsItemRoute,
    {
      config: { access: 'content.manage' },
      schema: { tags, operationId: 'deleteNewsItem', summary: 'Delete a news item and its images', params: idParams, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => {
      await news.delete(request.user!, request.params.id);
      return { message: CONTENT_MESSAGES.newsDeleted };
    },
  );
};
