import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bannerListSchema,
  bannerSchema,
  CONTENT_MESSAGES,
  CONTENT_PATHS,
  createBannerFieldsSchema,
  errorBodySchema,
  MAX_IMAGE_BYTES,
  messageResponseSchema,
  updateBannerFieldsSchema,
} from '@concejo/contracts';
import { multipartSpec, readMultipartForm } from '../../lib/multipart.js';
import type { BannerService } from './service.js';
import { errorResponses, idParams } from '../../lib/route-schemas.js';

const errors = errorResponses(401, 403, 404, 422);
const tags = ['banners'];
const files = { image: { maxBytes: MAX_IMAGE_BYTES, tooLargeMessage: CONTENT_MESSAGES.imageTooLarge } };
const createForm = multipartSpec({ schema: createBannerFieldsSchema, files });
const updateForm = multipartSpec({ schema: updateBannerFieldsSchema, files });

export const bannerRoutes: FastifyPluginAsyncZod<{ banners: BannerService }> = async (app, { banners }) => {
  /**
   * Banners the home page's carousel shows: active and inside their window, newest first. 200, public
   * with an ETag; no-cache so that a banner just published or removed shows at the next visit.
   */
  app.get(
    CONTENT_PATHS.publishedBanners,
    {
      config: { access: 'public', publicCache: 'revalidate' },
      schema: { tags, operationId: 'listPublishedBanners', summary: "List the carousel's banners", response: { 200: bannerListSchema } },
    },
    async () => banners.published(),
  );

  /** Every banner, whatever its state and window, newest first. 200; 401; 403. */
  app.get(
    CONTENT_PATHS.banners,
    {
      config: { access: 'content.manage' },
      schema: { tags, operationId: 'listBanners', summary: 'List every banner', response: { 200: bannerListSchema, ...errors } },
    },
    async () => banners.list(),
  );

  /** Uploads a banner: multipart `image` (PNG, JPEG or WebP), `status`, texts, window. 201; 401; 403; 413; 422. */
  app.post(
    CONTENT_PATHS.banners,
    {
      config: { access: 'content.manage', multipart: createForm },
      schema: { tags, operationId: 'createBanner', summary: 'Upload a banner', consumes: ['multipart/form-data'], response: { 201: bannerSchema, 413: errorBodySchema, ...errors } },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, createForm);
      return reply.status(201).send(await banners.create(request.user!, form.fields, form.files.image));
    },
  );

  /** Edits a banner: the fields sent, and optionally a new `image`. 200; 401; 403; 404; 413; 422. */
  app.post(
    CONTENT_PATHS.bannerRoute,
    {
      config: { access: 'content.manage', multipart: updateForm },
      schema: {
        tags,
        operationId: 'updateBanner',
        summary: 'Edit a banner',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: bannerSchema, 413: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const form = await readMultipartForm(request, updateForm);
      return banners.update(request.user!, request.params.id, form.fields, form.files.image);
    },
  );

  /** Deletes a banner and its image files. 200; 401; 403; 404; 422 bad id. */
  app.delete(
    CONTENT_PATHS.bannerRoute,
    {
      config: { access: 'content.manage' },
      schema: { tags, operationId: 'deleteBanner', summary: 'Delete a banner and its images', params: idParams, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => {
      await banners.delete(request.user!, request.params.id);
      return { message: CONTENT_MESSAGES.bannerDeleted };
    },
  );
};
