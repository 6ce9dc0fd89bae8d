import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_BASE } from '@concejo/contracts';
import type { Clock } from '../../lib/clock.js';
import { requestedRange } from '../../lib/byte-ranges.js';
import { Forbidden, HttpError, NotFound } from '../../lib/errors.js';
import { IMAGE_CONTENT_TYPES } from '../../lib/images.js';
import type { UrlSigner } from '../../lib/signed-urls.js';
import type { Storage } from '../../lib/storage.js';
import { holdsCopy } from '../../plugins/public-cache.js';
import { FILES_PREFIX, IMAGE_FOLDERS, PRIVATE_FOLDERS, PUBLIC_FOLDERS, WHILE_PUBLIC_FOLDERS } from '../../lib/file-folders.js';

type WhilePublicFolder = (typeof WHILE_PUBLIC_FOLDERS)[number];
type PrivateFolder = (typeof PRIVATE_FOLDERS)[number];

/** How each kind of document is sent: its type, and whether a browser shows it or saves it. */
const DOCUMENTS = {
  pdf: { type: 'application/pdf', disposition: 'inline' },
  // A Word document is for editing: downloaded, never shown in the browser.
  docx: { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', disposition: 'attachment' },
} as const;
type DocumentKind = keyof typeof DOCUMENTS;

/** A stored document's name in its folder: the server's key, with the folder's one extension. */
const documentParams = (kind: DocumentKind) => z.object({ name: z.string().regex(new RegExp(`^[0-9a-f-]{36}\\.${kind}$`), { error: 'El archivo no existe.' }) });

/** What each private folder holds, and where a person gets a fresh link when theirs expired. */
const PRIVATE_DOCUMENTS: Record<PrivateFolder, { kind: DocumentKind; reopen: string }> = {
  'day-orders-docx': { kind: 'docx', reopen: 'Vuelve a abrir la orden del día.' },
};
const imageParams = z.object({ name: z.string().regex(/^[0-9a-f-]{36}\.(png|jpg|webp)$/, { error: 'El archivo no existe.' }) });

/**
 * Sends a stored file, or the one byte range its request asks for (206; 416 past its end): a PDF
 * viewer reads a large PDF's pages as it shows them. A key's bytes never change, so its name is a
 * strong ETag: If-None-Match with it gets 304, and If-Range with any other value the whole file.
 */
async function sendStored(storage: Storage, request: FastifyRequest, reply: FastifyReply, key: string, headers: Record<string, string>) {
  const etag = `"${key.slice(key.lastIndexOf('/') + 1)}"`;
  if (holdsCopy(request, etag)) {
    if (!(await storage.stat(key))) throw new NotFound('No se encontró el archivo.');
    return reply.header('cache-control', headers['cache-control']).header('etag', etag).code(304).send();
  }
  const ifRange = request.headers['if-range'];
  const rangeHeader = ifRange === undefined || ifRange === etag ? request.headers.range : undefined;
  let range;
  if (rangeHeader) {
    const stat = await storage.stat(key);
    if (!stat) throw new NotFound('No se encontró el archivo.');
    range = requestedRange(rangeHeader, stat.size);
    if (range === 'unsatisfiable') {
      throw new HttpError(416, 'El rango pedido está fuera del archivo.', undefined, { 'content-range': `bytes */${stat.size}` });
    }
  }
  const file = await storage.read(key, range);
  if (!file) throw new NotFound('No se encontró el archivo.');
  reply.headers(headers).header('accept-ranges', 'bytes').header('etag', etag);
  if (!range) return reply.header('content-length', file.size).send(file.stream);
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(file.stream);
}

/** The name a download is saved under when its link gives none. */
function downloadName(key: string): string {
  if (key.startsWith('day-orders')) return 'orden-del-dia';
  return key.startsWith('regulation-steps/') ? 'despacho' : 'normativa';
}

/** The name a signed link may give its file ('orden-del-dia-2026-12-03'): plain enough for any header and disk. */
const DOWNLOAD_NAME = /^[a-z0-9][a-z0-9-]{0,79}$/;

/** Whether a file of a WHILE_PUBLIC_FOLDERS folder is public now (handed in by app.ts: the owning module's rule). */
export type IsPublicFile = Record<WhilePublicFolder, (key: string) => Promise<boolean>>;

const signedQuery = z.object({ expires: z.coerce.number().int(), name: z.string().regex(DOWNLOAD_NAME).optional(), signature: z.string().max(100) });

export const fileRoutes: FastifyPluginAsyncZod<{ storage: Storage; signer: UrlSigner; clock: Clock; isPublicFile: IsPublicFile }> = async (app, { storage, signer, clock, isPublicFile }) => {
  /** Whether the request carries a genuine, unexpired link to the file (the name it is saved under signed too). */
  const signedFor = (path: string, query: Partial<z.infer<typeof signedQuery>>) =>
    query.expires !== undefined && query.signature !== undefined && signer.verify(path, query.expires, query.signature, clock.now(), query.name);
  const send = async (key: string, kind: DocumentKind, request: FastifyRequest, reply: FastifyReply, cache: string, name?: string) =>
    sendStored(storage, request, reply, key, {
      'content-type': DOCUMENTS[kind].type,
      'content-disposition': `${DOCUMENTS[kind].disposition}; filename="${name ?? downloadName(key)}.${kind}"`,
      'cache-control': cache,
    });

  for (const folder of PUBLIC_FOLDERS) {
    /** A public PDF; its name never changes content, so it is cached for a year. 200; 404. */
    app.get(`${FILES_PREFIX}/${folder}/:name`, { config: { access: 'public' }, schema: { hide: true, params: documentParams('pdf') } }, async (request, reply) =>
      send(`${folder}/${request.params.name}`, 'pdf', request, reply, 'public, max-age=31536000, immutable'),
    );
  }

  for (const folder of WHILE_PUBLIC_FOLDERS) {
    /**
     * An approved PDF: to anyone while its norm is public, sent with `no-cache` (a browser or a proxy asks
     * again each time, a cheap 304, so a norm taken back stops being served at once: never a year-long
     * immutable copy); to staff, whatever the norm, through a signed link. 200; 304; 404 for a file that
     * is not public now (the same answer as for one that does not exist); 403 for a link that expired.
     */
    app.get(
      `${FILES_PREFIX}/${folder}/:name`,
      { config: { access: 'public' }, schema: { hide: true, params: documentParams('pdf'), querystring: signedQuery.partial() } },
      async (request, reply) => {
        const key = `${folder}/${request.params.name}`;
        const { query } = request;
        if (query.signature !== undefined) {
          if (!signedFor(`${API_BASE}${FILES_PREFIX}/${key}`, query)) throw new Forbidden('El enlace al archivo venció o no es válido. Vuelve a abrir la normativa.');
          return send(key, 'pdf', request, reply, 'private, no-store', query.name);
        }
        if (!(await isPublicFile[folder](key))) throw new NotFound('No se encontró el archivo.');
        return send(key, 'pdf', request, reply, 'public, no-cache');
      },
    );
  }

  for (const folder of IMAGE_FOLDERS) {
    /** A public image; a replaced image gets a new name, so each name is cached for a year. 200; 404. */
    app.get(`${FILES_PREFIX}/${folder}/:name`, { config: { access: 'public' }, schema: { hide: true, params: imageParams } }, async (request, reply) => {
      const key = `${folder}/${request.params.name}`;
      return sendStored(storage, request, reply, key, {
        'content-type': IMAGE_CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)]!,
        'cache-control': 'public, max-age=31536000, immutable',
      });
    });
  }

  for (const folder of PRIVATE_FOLDERS) {
    const { kind, reopen } = PRIVATE_DOCUMENTS[folder];
    /**
     * A staff-only document (a process PDF, an agenda's Word file) through a signed link that expires, saved
     * under the name the link signs, if any. 200; 403 bad or expired link; 404; 422 a malformed name.
     */
    app.get(
      `${FILES_PREFIX}/${folder}/:name`,
      {
        config: { access: 'public' },
        schema: { hide: true, params: documentParams(kind), querystring: signedQuery },
      },
      async (request, reply) => {
        const path = `${API_BASE}${FILES_PREFIX}/${folder}/${request.params.name}`;
        if (!signedFor(path, request.query)) throw new Forbidden(`El enlace al archivo venció o no es válido. ${reopen}`);
        return send(`${folder}/${request.params.name}`, kind, request, reply, 'private, no-store', request.query.name);
      },
    );
  }
};
