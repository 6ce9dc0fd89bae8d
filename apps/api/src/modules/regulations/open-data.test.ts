import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../../lib/storage.js';
import { errorsPlugin } from '../../plugins/errors.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { insertRegulation } from '../day-orders/testing.js';
import { createRegulationRepository, type RegulationRepository } from './repository.js';
import { regulationRoutes } from './routes.js';
import { createRegulationService } from './service.js';
import { createTextIndexer } from './text-indexer.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const [number, subject] of [[10, 'Arbolado urbano'], [11, 'Tránsito pesado'], [12, 'Alumbrado público']] as const) {
    await insertRegulation(ctx.db, { type: 'ordinance', state: 'approved', number, subject, createdAt: '2025-05-01T10:00:00-03:00' });
  }
});
afterAll(() => ctx.close());

/**
 * The download routes over a real socket, with the real service and repository but for
 * `allPublished`, which the test replaces to make the database fail at a chosen batch.
 */
async function serveDownloads(allPublished: (base: RegulationRepository) => RegulationRepository['allPublished']) {
  const base = createRegulationRepository(ctx.db);
  const repository: RegulationRepository = { ...base, allPublished: allPublished(base) };
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  const storage = createDiskStorage(ctx.uploadsDir);
  const regulations = createRegulationService({
    repository,
    indexer: createTextIndexer({ repository, storage, log: app.log }),
    storage,
    clock: ctx.clock,
    urls: { publicPdf: (key) => `/api/v1/files/${key}`, privatePdf: (key) => `/api/v1/files/${key}` },
    timeZone: 'America/Argentina/Buenos_Aires',
    log: app.log,
    site: { publicUrl: 'http://localhost:3000', councilName: 'Concejo Deliberante' },
  });
  await app.register(regulationRoutes, { prefix: '/api/v1', regulations });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: (path: string) => `http://127.0.0.1:${port}/api/v1${path}` };
}

interface Download {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Whether the whole message arrived (the last chunk of a chunked body included). */
  complete: boolean;
}

/** A GET as a browser or curl makes it, reporting whether the body arrived whole. */
function download(url: string): Promise<Download> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        // A cut connection is an 'error' (ECONNRESET, "aborted") on the response: the outcome is read on 'close'.
        response.on('error', () => undefined);
        response.on('close', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8'), complete: response.complete }),
        );
      })
      .on('error', reject);
  });
}

/** The real batches, then a failure where the next batch would be read (a lost connection, a timeout). */
const failingAt = (failingBatch: number) => (base: RegulationRepository) =>
  async function* (...args: Parameters<RegulationRepository['allPublished']>) {
    let batch = 0;
    for await (const rows of base.allPublished(...args)) {
      batch += 1;
      if (batch === failingBatch) break;
      yield rows;
    }
    throw new Error('Connection terminated unexpectedly');
  };

describe('open data downloads', () => {
  it.each(['csv', 'json'] as const)('sends a complete %s download with no-store, never a cacheable max-age', async (format) => {
    const server = await serveDownloads((base) => base.allPublished);
    try {
      const response = await download(server.url(`/regulations/published.${format}`));
      expect(response.status).toBe(200);
      expect(response.complete).toBe(true);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers.etag).toBeUndefined();
      if (format === 'json') expect(JSON.parse(response.body)).toHaveLength(3);
      else expect(response.body.trim().split('\r\n')).toHaveLength(4);
    } finally {
      await server.app.close();
    }
  });

  it.each(['csv', 'json'] as const)('cuts a %s download that fails midway: the client sees it incomplete, and nothing may cache it', async (format) => {
    const server = await serveDownloads(failingAt(2));
    try {
      const response = await download(server.url(`/regulations/published.${format}`));
      // The headers and the first batch went out before the failure...
      expect(response.status).toBe(200);
      expect(response.body).toContain('Arbolado urbano');
      // ...but the body never completes (no last chunk), so a browser reports a failed download...
      expect(response.complete).toBe(false);
      expect(response.headers['transfer-encoding']).toBe('chunked');
      if (format === 'json') expect(() => JSON.parse(response.body)).toThrow();
      // ...and no browser or proxy may keep it to serve it later as the whole file.
      expect(response.headers['cache-control']).toBe('no-store');
    } finally {
      await server.app.close();
    }
  });

  it.each(['csv', 'json'] as const)('answers a %s download whose first batch fails with a JSON error, not a 200', async (format) => {
    const server = await serveDownloads(failingAt(1));
    try {
      const response = await download(server.url(`/regulations/published.${format}`));
      expect(response.status).toBe(500);
      expect(response.complete).toBe(true);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-disposition']).toBeUndefined();
      expect(JSON.parse(response.body).message).toBe('Ocurrió un error inesperado en el servidor. Inténtalo de nuevo más tarde.');
    } finally {
      await server.app.close();
    }
  });

  it.each(['csv', 'json'] as const)('checks the %s filters before sending anything: 422 JSON naming the field', async (format) => {
    for (const query of ['from=0000-01-01', 'to=9999-12-31', 'from=2023-02-30', 'type=minute']) {
      const response = await ctx.app.inject({ url: `/api/v1/regulations/published.${format}?${query}` });
      expect(response.statusCode, query).toBe(422);
      expect(response.headers['content-type'], query).toMatch(/^application\/json/);
      expect(response.headers['content-disposition'], query).toBeUndefined();
      expect(Object.keys(response.json().errors), query).toEqual([query.split('=')[0]]);
    }
  });
});
