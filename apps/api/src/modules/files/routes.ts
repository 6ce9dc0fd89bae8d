import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_BASE } from '@concejo/contracts';
import type { Clock } from '../../lib/clock.js';
import { Forbidden, NotFound } from '../../lib/errors.js';
import { IMAGE_CONTENT_TYPES } from '../../lib/images.js';
import type { UrlSigner } from '../../lib/signed-urls.js';
import type { Storage } from '../../lib/storage.js';

/** Folders whose files anyone may download, and folders reached only through a signed link. */
export const PUBLIC_FOLDERS = ['regulations-approved', 'day-orders'] as const;
export const PRIVATE_FOLDERS = ['regulations-process', 'day-orders-docx'] as const;
/** Folders of the home page's images (banners, news, contact): public, re-encoded by the server. */
export const IMAGE_FOLDERS = ['banners', 'news', 'contact'] as const;

const fileParams = z.object({ name: z.string().regex(/^[0-9a-f-]{36}\.(pdf|docx)$/, { error: 'El archivo no existe.' }) });

/** How each kind of document is sent: its type and the name a browser saves it under. */
const DOCUMENTS = {
  pdf: { type: 'application/pdf', disposition: 'inline' },
  // A Word document is for editing: downloaded, never shown in the browser.
  docx: { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', disposition: 'attachment' },
} as const;
const imageParams = z.object({ name: z.string().regex(/^[0-9a-f-]{36}\.(png|jpg|webp)$/, { error: 'El archivo no existe.' }) });

export const FILES_PREFIX = '/files';

export const fileRoutes: FastifyPluginAsyncZod<{ storage: Storage; signer: UrlSigner; clock: Clock }> = async (app, { storage, signer, clock }) => {
  const send = async (key: string, reply: FastifyReply, cache: string) => {
    const file = await storage.read(key);
    if (!file) throw new NotFound('No se encontró el archivo.');
    const extension = key.endsWith('.docx') ? 'docx' : 'pdf';
    return reply
      .header('content-type', DOCUMENTS[extension].type)
      .header('content-length', file.size)
      .header('content-disposition', `${DOCUMENTS[extension].disposition}; filename="${key.startsWith('day-orders') ? 'orden-del-dia' : 'normativa'}.${extension}"`)
      .header('cache-control', cache)
      .send(file.stream);
  };

  for (const folder of PUBLIC_FOLDERS) {
    /** A public PDF; its name never changes content, so it is cached for a year. 200; 404. */
    app.get(`${FILES_PREFIX}/${folder}/:name`, { config: { access: 'public' }, schema: { hide: true, params: fileParams } }, async (request, reply) =>
      send(`${folder}/${request.params.name}`, reply, 'public, max-age=31536000, immutable'),
    );
  }

  for (const folder of IMAGE_FOLDERS) {
    /** A public image; a replaced image gets a new name, so each name is cached for a year. 200; 404. */
    app.get(`${FILES_PREFIX}/${folder}/:name`, { config: { access: 'public' }, schema: { hide: true, params: imageParams } }, async (request, reply) => {
      const key = `${folder}/${request.params.name}`;
      const file = await storage.read(key);
      if (!file) throw new NotFound('No se encontró el archivo.');
      return reply
        .header('content-type', IMAGE_CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)]!)
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.stream);
    });
  }

  for (const folder of PRIVATE_FOLDERS) {
    /** A staff-only PDF through a signed link that expires. 200; 403 bad or expired link; 404. */
    app.get(
      `${FILES_PREFIX}/${folder}/:name`,
      {
        config: { access: 'public' },
        schema: { hide: true, params: fileParams, querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) }) },
      },
      async (request, reply) => {
        const path = `${API_BASE}${FILES_PREFIX}/${folder}/${request.params.name}`;
        if (!signer.verify(path, request.query.expires, request.query.signature, clock.now())) {
          throw new Forbidden('El enlace al archivo venció o no es válido. Vuelve a abrir la normativa.');
        }
        return send(`${folder}/${request.params.name}`, reply, 'private, no-store');
      },
    );
  }
};
