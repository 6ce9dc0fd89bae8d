import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deflateBombPdf, slowPdf } from '../../test/hostile-documents.js';
import { favourThisProcess } from '../../test/priority.js';
import { minimalPdf } from '../minimal-pdf.js';
import { createDocumentWorker } from './document-worker.js';

// A latency test: it runs alone, after the rest of the suite (vitest.latency.config.ts).

const GB = 1024 ** 3;
let folder: string;
beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-worker-latency-'));
});
afterAll(() => fs.rm(folder, { recursive: true, force: true }));

async function fileOf(name: string, content: Buffer): Promise<string> {
  const file = path.join(folder, name);
  await fs.writeFile(file, content);
  return file;
}

/** Runs `work` while measuring how late a 10 ms timer of this process fires: the event loop's lag. */
async function worstLagWhile(work: Promise<unknown>): Promise<number> {
  let worst = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 10);
    last = now;
  }, 10);
  try {
    await work.catch(() => undefined);
  } finally {
    clearInterval(timer);
  }
  return worst;
}

describe('document worker process', () => {
  it('keeps this process responsive while the worker reads the worst documents', { timeout: 120_000 }, async () => {
    favourThisProcess();
    const documents = createDocumentWorker({ name: 'test', memoryMb: 256, timeoutMs: 60_000, log: pino({ level: 'silent' }), decoded: { maxStreamBytes: 8 * GB, maxDocumentBytes: 8 * GB } });
    try {
      await documents.run({ kind: 'inspect-pdf', file: await fileOf('start.pdf', minimalPdf(['arranque'])) });
      const [bomb, slow] = [await fileOf('bomb.pdf', deflateBombPdf(GB)), await fileOf('slow.pdf', slowPdf(150))];
      const lag = await worstLagWhile(
        Promise.all([documents.run({ kind: 'extract-pdf-text', file: bomb }).catch(() => undefined), documents.run({ kind: 'extract-pdf-text', file: slow })]),
      );
      expect(documents.counters.killed).toBe(1);
      expect(lag).toBeLessThan(100);
    } finally {
      await documents.close();
    }
  });
});
