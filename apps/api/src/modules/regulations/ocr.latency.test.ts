import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { regulations } from '../../db/schema/index.js';
import { scannedPdf } from '../../lib/scanned-pdf.js';
import { buildLoggedInUser } from '../../test/factories.js';
import { createTestApp } from '../../test/harness.js';
import { multipartForm } from '../../test/multipart.js';
import { probeHealthWhile, warmUp } from '../../test/health-probe.js';
import { favourThisProcess } from '../../test/priority.js';

// A latency test: it runs alone, after the rest of the suite (vitest.latency.config.ts).

const page = (number: number) => Array.from({ length: 24 }, (_, line) => `Folio ${number}, renglón ${line + 1}: texto escaneado de la ordenanza de tránsito`);

describe('OCR of a scan in the background', () => {
  it('answers /healthz within 100 ms while a four-page scan is recognised', { timeout: 300_000 }, async () => {
    favourThisProcess();
    const context = await createTestApp();
    try {
      const { headers } = await buildLoggedInUser(context.app, context.db, 'admin');
      const scan = await scannedPdf([1, 2, 3, 4].map(page));
      // What is measured is the recognition, not the server's or its worker's first steps.
      const address = await context.app.listen({ port: 0, host: '127.0.0.1' });
      await warmUp(address);
      await context.app.documents.workers.background.warm();
      const created = await context.app.inject({
        method: 'POST',
        url: '/api/v1/regulations',
        headers,
        payload: multipartForm({ type: 'ordinance', state: 'approved', number: 9500, subject: 'Ordenanza escaneada', authors: ['Ana Rodríguez'] }, { pdf_approved: scan }),
      });
      expect(created.statusCode).toBe(201);
      const { latencies, failures } = await probeHealthWhile(address, context.app.jobs.idle({ timeoutMs: 280_000 }));
      const [row] = await context.db.select({ status: regulations.textStatus, ocr: regulations.approvedTextOcr, text: regulations.approvedText }).from(regulations).where(eq(regulations.id, created.json().id));
      expect(row).toMatchObject({ status: 'indexed', ocr: true });
      expect(row!.text).toMatch(/Folio 1[\s\S]*Folio 4/);
      expect(failures).toEqual([]);
      expect(latencies.length).toBeGreaterThan(10);
      expect(Math.max(...latencies)).toBeLessThan(100);
    } finally {
      await context.close();
    }
  });
});
