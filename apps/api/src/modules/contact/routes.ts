import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTENT_MESSAGES, CONTENT_PATHS, contactListSchema, errorBodySchema, MAX_IMAGE_BYTES } from '@concejo/contracts';
import { multipartSpec, readMultipartForm } from '../../lib/multipart.js';
import { CONTACT_FIELDS, type ContactService } from './service.js';

const tags = ['contact'];
const image = { maxBytes: MAX_IMAGE_BYTES, tooLargeMessage: CONTENT_MESSAGES.imageTooLarge };
const uploadForm = multipartSpec({ files: { [CONTACT_FIELDS.left]: image, [CONTACT_FIELDS.right]: image } });

export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (app, { contact }) => {
  /**
   * The 'Contacto' images: `[{ image_left, image_right }]` (URLs or null) with their WebP variants and
   * sizes, `[]` before any upload. 200 public with an ETag.
   */
  app.get(
    CONTENT_PATHS.contact,
    {
      config: { access: 'public', publicCache: 'revalidate' },
      schema: { tags, operationId: 'getContactImages', summary: "Get the 'Contacto' images", response: { 200: contactListSchema } },
    },
    async () => contact.get(),
  );

  /** Uploads `image_left` and/or `image_right` (PNG or JPEG). 200 with the record; 401; 403; 413; 422. */
  app.post(
    CONTENT_PATHS.contact,
    {
      config: { access: 'content.manage', multipart: uploadForm },
      schema: {
        tags,
        operationId: 'uploadContactImages',
        summary: "Upload the 'Contacto' images",
        consumes: ['multipart/form-data'],
        response: { 200: contactListSchema, 401: errorBodySchema, 403: errorBodySchema, 413: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => {
      const form = await readMultipartForm(request, uploadForm);
      return contact.upload(request.user!, form);
    },
  );
};
