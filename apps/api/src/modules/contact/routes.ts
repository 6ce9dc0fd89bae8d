import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTACT_FIELDS, CONTENT_MESSAGES, CONTENT_PATHS, contactFieldsSchema, contactListSchema, errorBodySchema, MAX_IMAGE_BYTES } from '@concejo/contracts';
import { multipartSpec, readMultipartForm } from '../../lib/multipart.js';
import type { ContactService } from './service.js';

const tags = ['contact'];
const image = { maxBytes: MAX_IMAGE_BYTES, tooLargeMessage: CONTENT_MESSAGES.imageTooLarge };
const uploadForm = multipartSpec({ schema: contactFieldsSchema, files: { [CONTACT_FIELDS.left.image]: image, [CONTACT_FIELDS.right.image]: image } });

export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (app, { contact }) => {
  /**
   * The 'Contacto' images: `[{ image_left, image_right }]` (URLs or null) with their WebP variants,
   * sizes and text alternatives (`image_left_alt`, `image_right_alt`), `[]` before any upload. 200
   * public with an ETag.
   */
  app.get(
    CONTENT_PATHS.contact,
    {
      config: { access: 'public', publicCache: 'revalidate' },
      schema: { tags, operationId: 'getContactImages', summary: "Get the 'Contacto' images", response: { 200: contactListSchema } },
    },
    async () => contact.get(),
  );

  /**
   * Uploads `image_left` and/or `image_right` (PNG or JPEG), each with its text alternative
   * (`image_left_alt`, `image_right_alt`), or a text alone for a side that has an image. 200 with the
   * record; 401; 403; 413; 422 (no image nor text, an image without its text, a text blank, too long or
   * without an image on its side, a file of another type).
   */
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
