import type { FastifyBaseLogger } from 'fastify';
import { extractPdfText } from '../../lib/pdf-text.js';
import type { Storage } from '../../lib/storage.js';
import type { RegulationRepository } from './repository.js';

/**
 * Extracts the text of regulations' PDFs after they are saved, one regulation at a time, so that an
 * upload answers at once (the regulation is searchable by subject and keywords immediately) and its
 * PDF's words join the search a moment later. Work left pending by a restart is resumed on start.
 */
export function createTextIndexer(deps: { repository: RegulationRepository; storage: Storage; log: FastifyBaseLogger }) {
  const { repository, storage, log } = deps;
  const queue = new Set<number>();
  const listeners: (() => void)[] = [];
  let running: Promise<void> | undefined;
  let stopped = false;

  async function readText(key: string | null): Promise<string | null> {
    if (!key) return null;
    const file = await storage.read(key);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    try {
      return await extractPdfText(Buffer.concat(chunks));
    } catch (error) {
      log.warn({ err: error, key }, 'could not read the text of a PDF');
      return '';
    }
  }

  async function index(id: number): Promise<void> {
    const row = await repository.find(id);
    if (!row || row.textStatus !== 'pending') return;
    const started = Date.now();
    const [approvedText, processText] = await Promise.all([readText(row.pdfApproved), readText(row.pdfProcess)]);
    const hasPdf = row.pdfApproved !== null || row.pdfProcess !== null;
    const foundText = Boolean(approvedText) || Boolean(processText);
    const status = !hasPdf ? 'none' : foundText ? 'indexed' : 'unreadable';
    const stored = await repository.saveExtractedTexts(
      id,
      { approvedText: approvedText || null, processText: processText || null, status },
      { pdfApproved: row.pdfApproved, pdfProcess: row.pdfProcess },
    );
    if (stored) {
      log.info({ regulationId: id, status, ms: Date.now() - started }, 'regulation text indexed');
      for (const listener of listeners) listener();
    }
  }

  async function drain(): Promise<void> {
    while (queue.size > 0 && !stopped) {
      const [id] = queue;
      queue.delete(id!);
      try {
        await index(id!);
      } catch (error) {
        log.error({ err: error, regulationId: id }, 'text indexing failed; it stays pending');
      }
    }
    running = undefined;
  }

  const indexer = {
    /** Queues a regulation whose PDFs changed; call it after the transaction commits. */
    schedule(id: number): void {
      if (stopped) return;
      queue.add(id);
      running ??= drain();
    },
    /** Called after each regulation's text is stored (the search answers change). */
    onIndexed(listener: () => void): void {
      listeners.push(listener);
    },
    /** Picks up what a previous run left pending. */
    async resume(): Promise<void> {
      for (const id of await repository.pendingTextIds(10_000)) indexer.schedule(id);
    },
    /** Resolves when the queue is empty (tests, shutdown). */
    async idle(): Promise<void> {
      while (running) await running;
    },
    async stop(): Promise<void> {
      stopped = true;
      await indexer.idle();
    },
  };
  return indexer;
}

export type TextIndexer = ReturnType<typeof createTextIndexer>;
