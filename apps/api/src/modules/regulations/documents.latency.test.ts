import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { regulations } from '../../db/schema/index.js';
import { DEFAULT_OCR_SETTINGS } from '../../lib/documents/ocr-support.js';
import { buildLoggedInUser } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { deflateBombPdf } from '../../test/hostile-documents.js';
import { multipartForm, type FormValue } from '../../test/multipart.js';
import { probeHealthWhile, warmUp } from '../../test/health-probe.js';
import { favourThisProcess } from '../../test/priority.js';
import { MAX_TEXT_ATTEMPTS } from './text-indexer.js';

// A latency test: it runs alone, after the rest of the suite (vitest.latency.config.ts).

const GB = 1024 ** 3;
let nextNumber = 9000;
const ordinance = (): Record<string, FormValue> => ({ type: 'ordinance', state: 'approved', number: nextNumber++, subject: 'Ordenanza con su PDF', authors: ['Ana Rodríguez'] });
const create = (context: TestContext, auth: { authorization: string }, fields: Record<string, FormValue>, files: Record<string, Buffer>) =>
  context.app.inject({ method: 'POST', url: '/api/v1/regulations', headers: auth, payload: multipartForm(fields, files) });
const textOf = async (context: TestContext, id: number) =>
  (await context.db.select({ status: regulations.textStatus, attempts: regulations.textAttempts }).from(regulations).where(eq(regulations.id, id)))[0];

describe('hostile PDFs are read in the document worker', () => {
  it('answers /healthz within 100 ms while the worst PDFs are read, even when they kill their worker', { timeout: 180_000 }, async () => {
    favourThisProcess();
    // The decoded-size check off, so that pdf.js really inflates the bombs and the memory limit kills it.
    const context = await createTestApp({
      documents: { memoryMb: 256, timeoutMs: 60_000, checkTimeoutMs: 20_000, retryDelayMs: 10, shutdownGraceMs: 10_000, decoded: { maxStreamBytes: 64 * GB, maxDocumentBytes: 64 * GB }, ocr: DEFAULT_OCR_SETTINGS },
    });
    try {
      const { headers: admin } = await buildLoggedInUser(context.app, context.db, 'admin');
      // What is measured is the reading of the bombs, not the server's first requests (warmUp says why)
      // nor its worker's start.
      const address = await context.app.listen({ port: 0, host: '127.0.0.1' });
      await warmUp(address);
      await context.app.documents.workers.background.warm();
      // A 1 MB PDF that inflates to 1 GB, and a 20 MB one (the upload limit) that inflates to 20 GB.
      const bombs = [deflateBombPdf(GB), deflateBombPdf(20 * GB)];
      expect(bombs[1]!.length).toBeGreaterThan(20_000_000);
      const ids: number[] = [];
      for (const bomb of bombs) {
        const created = await create(context, admin, ordinance(), { pdf_approved: bomb });
        expect(created.statusCode).toBe(201);
        ids.push(created.json().id);
      }
      // Their text is read in the background now: each attempt takes the worker to its memory limit.
      const { latencies, failures } = await probeHealthWhile(address, context.app.jobs.idle());
      for (const id of ids) expect(await textOf(context, id)).toEqual({ status: 'unreadable', attempts: MAX_TEXT_ATTEMPTS });
      // Each bomb killed its worker twice.
      expect(context.app.documents.workers.background.counters.killed).toBe(4);
      expect(failures).toEqual([]);
      expect(latencies.length).toBeGreaterThan(10);
      expect(Math.max(...latencies)).toBeLessThan(100);
    } finally {
      await context.close();
    }
  });
});
