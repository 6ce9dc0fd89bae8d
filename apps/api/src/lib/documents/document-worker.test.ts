import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deflateBombPdf, htmlDressedAsPdf, passwordProtectedPdf, slowPdf } from '../../test/hostile-documents.js';
import { capturingLogger } from '../../test/harness.js';
import { timed } from '../../test/machine-speed.js';
import { minimalPdf } from '../minimal-pdf.js';
import { createDocumentWorker, DEFAULT_WORKER_NICENESS, DocumentJobFailed, type DocumentWorker, type DocumentWorkerOptions } from './document-worker.js';

const GB = 1024 ** 3;
const log = pino({ level: 'silent' });
const opened: DocumentWorker[] = [];
let folder: string;
let files = 0;
beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-worker-test-'));
});
afterAll(() => fs.rm(folder, { recursive: true, force: true }));

/** The workers read files: each document is written to one. */
async function fileOf(content: Buffer): Promise<string> {
  const file = path.join(folder, `document-${(files += 1)}.pdf`);
  await fs.writeFile(file, content);
  return file;
}

function worker(options: Partial<DocumentWorkerOptions> = {}): DocumentWorker {
  const created = createDocumentWorker({ name: 'test', memoryMb: 512, timeoutMs: 60_000, log, ...options });
  opened.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((each) => each.close()));
});

async function failureOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(DocumentJobFailed);
  return (error as DocumentJobFailed).failure;
}

describe('document worker process', () => {
  it('reads the text of a PDF and counts the pages of another, in one process', async () => {
    const documents = worker();
    expect(await documents.run({ kind: 'extract-pdf-text', file: await fileOf(minimalPdf(['Artículo 1: prohíbese el tránsito pesado.'])) })).toEqual({
      text: 'Artículo 1: prohíbese el tránsito pesado.',
      pages: 1,
    });
    expect(await documents.run({ kind: 'inspect-pdf', file: await fileOf(slowPdf(3)) })).toEqual({ pages: 3 });
    expect(documents.counters.started).toBe(1);
  });

  it('tells a file dressed as a PDF from a PDF, and a PDF locked by a password', async () => {
    const documents = worker();
    expect(await failureOf(documents.run({ kind: 'inspect-pdf', file: await fileOf(htmlDressedAsPdf()) }))).toBe('not-pdf');
    expect(await failureOf(documents.run({ kind: 'inspect-pdf', file: await fileOf(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200_000, 0x41), Buffer.from('\n%%EOF')])) }))).toBe(
      'not-pdf',
    );
    expect(await failureOf(documents.run({ kind: 'inspect-pdf', file: await fileOf(passwordProtectedPdf()) }))).toBe('encrypted');
  });

  it('refuses a 1 MB PDF that inflates to 1 GB by its decoded size, in about a second, without the memory', async () => {
    const documents = worker();
    const bomb = deflateBombPdf(GB);
    expect(bomb.length).toBeLessThan(1.1 * 1024 * 1024);
    // It is a real PDF: it opens, it is its content that is hostile.
    expect(await documents.run({ kind: 'inspect-pdf', file: await fileOf(bomb) })).toEqual({ pages: 1 });
    const file = await fileOf(bomb);
    // Within 5 s on an idle machine (inflating it would take far longer, and 1 GB), scaled by the machine's load.
    const { value: failure, ms, limitMs, factor } = await timed(5_000, () => failureOf(documents.run({ kind: 'extract-pdf-text', file })), { workerNiceness: DEFAULT_WORKER_NICENESS });
    expect(failure).toBe('too-large');
    expect(ms, `slowdown x${factor.toFixed(1)}`).toBeLessThan(limitMs);
    expect(documents.counters.killed).toBe(0);
  });

  it('kills a worker that goes over its memory limit, and the next job gets a new one', { timeout: 120_000 }, async () => {
    // Without the decoded-size check, pdf.js holds the whole inflated page in memory.
    const documents = worker({ memoryMb: 256, decoded: { maxStreamBytes: 8 * GB, maxDocumentBytes: 8 * GB } });
    expect(await failureOf(documents.run({ kind: 'extract-pdf-text', file: await fileOf(deflateBombPdf(GB)) }))).toBe('memory');
    expect(documents.counters.killed).toBe(1);
    expect(await documents.run({ kind: 'extract-pdf-text', file: await fileOf(minimalPdf(['sigue funcionando'])) })).toEqual({ text: 'sigue funcionando', pages: 1 });
    expect(documents.counters.started).toBe(2);
  });

  it('kills a job at its time limit', async () => {
    const documents = worker();
    const started = performance.now();
    expect(await failureOf(documents.run({ kind: 'extract-pdf-text', file: await fileOf(slowPdf(400)) }, { timeoutMs: 200 }))).toBe('timeout');
    // 200 ms after the process was ready (it takes a moment to start), not the minutes it would need.
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(await documents.run({ kind: 'inspect-pdf', file: await fileOf(minimalPdf(['otra'])) })).toEqual({ pages: 1 });
    expect(documents.counters).toEqual({ started: 2, killed: 1 });
  });

  it('fails the job of a worker killed from outside, and carries on', async () => {
    const documents = worker();
    await documents.run({ kind: 'inspect-pdf', file: await fileOf(minimalPdf(['arranque'])) });
    const job = documents.run({ kind: 'extract-pdf-text', file: await fileOf(slowPdf(400)) });
    await expect.poll(() => documents.pid).toBeDefined();
    process.kill(documents.pid!, 'SIGKILL');
    expect(await failureOf(job)).toBe('crashed');
    expect(await documents.run({ kind: 'inspect-pdf', file: await fileOf(minimalPdf(['otra'])) })).toEqual({ pages: 1 });
  });

  it('refuses jobs beyond its queue at once', async () => {
    const documents = worker({ maxQueue: 2 });
    const file = await fileOf(minimalPdf(['cola']));
    const jobs = Array.from({ length: 4 }, () => documents.run({ kind: 'inspect-pdf', file }).then(() => 'done', (error: DocumentJobFailed) => error.failure));
    // One runs (or starts), two wait, the fourth is refused.
    expect(await Promise.all(jobs)).toEqual(['done', 'done', 'done', 'busy']);
  });

  it('says nothing when it is closed while still starting, as a server stopped right after its start', async () => {
    const { logger, entries } = capturingLogger();
    const documents = worker({ log: logger });
    const warming = documents.warm();
    await documents.close();
    await warming;
    expect(entries().filter((entry) => Number(entry.level) >= 40)).toEqual([]);
  });
});
