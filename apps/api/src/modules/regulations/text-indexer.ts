import type { FastifyBaseLogger } from 'fastify';
import { DocumentJobFailed } from '../../lib/documents/document-worker.js';
import type { Documents } from '../../lib/documents/documents.js';
import type { Storage } from '../../lib/storage.js';
import type { RegulationRepository } from './repository.js';

/** A regulation's PDFs that fail (or take their worker down) this many times are left unreadable. */
export const MAX_TEXT_ATTEMPTS = 2;

type Outcome = { text: string } | { failure: string };

/**
 * Extracts the text of regulations' PDFs after they are saved, one regulation at a time, so that an
 * upload answers at once (the regulation is searchable by subject and keywords immediately) and its
 * PDF's words join the search a moment later. The PDFs are read in the document worker process,
 * never here. Work left pending by a restart is resumed on start; a failed attempt is tried again
 * after `retryDelayMs`, and the second failure marks the text unreadable.
 */
export function createTextIndexer(deps: {
  repository: RegulationRepository;
  storage: Storage;
  documents: Pick<Documents, 'extractPdfText'>;
  log: FastifyBaseLogger;
  retryDelayMs?: number;
}) {
  const { repository, storage, documents, log } = deps;
  const retryDelayMs = deps.retryDelayMs ?? 30_000;
  const queue = new Set<number>();
  const retries = new Map<number, NodeJS.Timeout>();
  const listeners: (() => void)[] = [];
  let running: Promise<void> | undefined;
  let stopped = false;
  /** idle() callers waiting for a retry to be queued. */
  let waiters: (() => void)[] = [];
  const wakeWaiters = () => {
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  };

  async function readText(key: string | null): Promise<Outcome | null> {
    if (!key) return null;
    const file = await storage.read(key);
    if (!file) return null;
    try {
      return { text: await documents.extractPdfText(file.stream) };
    } catch (error) {
      if (error instanceof DocumentJobFailed) return { failure: error.failure };
      throw error;
    }
  }

  async function index(id: number): Promise<void> {
    const pending = await repository.pendingText(id);
    if (!pending) return;
    const files = { pdfApproved: pending.pdfApproved, pdfProcess: pending.pdfProcess };
    const started = Date.now();
    const approved = await readText(files.pdfApproved);
    const process = await readText(files.pdfProcess);
    const failures = [approved, process].filter((outcome) => outcome !== null && 'failure' in outcome).map((outcome) => (outcome as { failure: string }).failure);
    // Cut by a shutdown: not the document's fault; it is read again at the next start.
    if (failures.includes('closed')) return;
    const textOf = (outcome: Outcome | null) => (outcome && 'text' in outcome && outcome.text ? outcome.text : null);
    if (failures.length > 0) {
      const attempts = await repository.recordTextFailure(id);
      if (attempts < MAX_TEXT_ATTEMPTS) {
        log.warn({ regulationId: id, failures, attempt: attempts }, 'regulation text extraction failed; it will be tried once more');
        retryLater(id);
        return;
      }
    }
    const hasPdf = files.pdfApproved !== null || files.pdfProcess !== null;
    const foundText = textOf(approved) !== null || textOf(process) !== null;
    const status = !hasPdf ? 'none' : foundText ? 'indexed' : 'unreadable';
    const stored = await save(id, textOf(approved), textOf(process), files, status);
    if (stored) {
      const level = failures.length > 0 ? 'warn' : 'info';
      log[level]({ regulationId: id, status, failures, ms: Date.now() - started }, failures.length > 0 ? 'regulation text extraction failed twice' : 'regulation text indexed');
    }
  }

  async function save(
    id: number,
    approvedText: string | null,
    processText: string | null,
    files: { pdfApproved: string | null; pdfProcess: string | null },
    status: 'indexed' | 'unreadable' | 'none',
  ): Promise<boolean> {
    const stored = await repository.saveExtractedTexts(id, { approvedText, processText, status }, files);
    if (stored) for (const listener of listeners) listener();
    return stored;
  }

  function retryLater(id: number) {
    clearTimeout(retries.get(id));
    const timer = setTimeout(() => {
      retries.delete(id);
      indexer.schedule(id);
      wakeWaiters();
    }, retryDelayMs);
    timer.unref();
    retries.set(id, timer);
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
    /** Resolves when nothing is queued, running or waiting for a retry (tests, shutdown). */
    async idle(): Promise<void> {
      for (;;) {
        while (running) await running;
        if (retries.size === 0 || stopped) return;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    async stop(): Promise<void> {
      stopped = true;
      for (const timer of retries.values()) clearTimeout(timer);
      retries.clear();
      wakeWaiters();
      await indexer.idle();
    },
  };
  return indexer;
}

export type TextIndexer = ReturnType<typeof createTextIndexer>;
