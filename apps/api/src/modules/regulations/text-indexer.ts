import type { FastifyBaseLogger } from 'fastify';
import { DocumentJobFailed } from '../../lib/documents/document-worker.js';
import type { Documents, PdfText } from '../../lib/documents/documents.js';
import type { Storage } from '../../lib/storage.js';
import type { RegulationRepository } from './repository.js';

/** A regulation's PDFs that fail (or take their worker down) this many times are left unreadable. */
export const MAX_TEXT_ATTEMPTS = 2;

type Outcome = PdfText | { failure: string };

/**
 * Extracts the text of regulations' PDFs after they are saved, as jobs of the durable queue
 * (queue/queue.ts): `markTextPending` queues one in the transaction that changes the PDFs, so that an
 * upload answers at once (the regulation is searchable by subject and keywords immediately), its
 * PDF's words join the search a moment later, and a crash loses nothing. The PDFs are read in the
 * document worker process, never here; one without a text layer (a scan) is recognised by OCR there,
 * minutes later for a long one, and an approved PDF's recognised text is flagged (approved_text_ocr)
 * for the norm's page to say so. A document that fails is tried again after `retryDelayMs`,
 * and its second failure marks the text unreadable; a failure that is not the document's (a
 * shutdown, the database) throws, and the queue retries it with backoff without counting it.
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

  async function readText(key: string | null, ocr: boolean): Promise<Outcome | null> {
    if (!key) return null;
    const file = await storage.read(key);
    if (!file) return null;
    try {
      return await documents.extractPdfText(file.stream, { ocr });
    } catch (error) {
      if (error instanceof DocumentJobFailed) return { failure: error.failure };
      throw error;
    }
  }

  return {
    /**
     * The `extract-text` job (`ocr: false`): reads the regulation's PDFs if its text is still pending.
     * A scan among them is left to the `ocr-text` job (`ocr: true`, the same reading with OCR), queued
     * apart: a 200-page scan takes minutes, and the PDFs saved after it must not wait for it.
     */
    async extract({ regulationId: id }: { regulationId: number }, { ocr = false }: { ocr?: boolean } = {}): Promise<void> {
      const pending = await repository.pendingText(id);
      if (!pending) return;
      const files = { pdfApproved: pending.pdfApproved, pdfProcess: pending.pdfProcess };
      const started = Date.now();
      const approved = await readText(files.pdfApproved, ocr);
      const process = await readText(files.pdfProcess, ocr);
      if ([approved, process].some((outcome) => outcome !== null && 'needsOcr' in outcome && outcome.needsOcr)) {
        await repository.queueOcr(id);
        log.info({ regulationId: id }, 'regulation PDF is a scan: its recognition is queued');
        return;
      }
      const failures = [approved, process].filter((outcome) => outcome !== null && 'failure' in outcome).map((outcome) => (outcome as { failure: string }).failure);
      // Cut by a shutdown: not the document's fault; the queue runs the job again.
      if (failures.includes('closed')) throw new Error('the document worker was closed while reading this regulation');
      const textOf = (outcome: Outcome | null) => (outcome && 'text' in outcome && outcome.text ? outcome.text : null);
      if (failures.length > 0) {
        const attempts = await repository.recordTextFailure(id);
        if (attempts < MAX_TEXT_ATTEMPTS) {
          log.warn({ regulationId: id, failures, attempt: attempts }, 'regulation text extraction failed; it will be tried once more');
          await repository.queueTextExtraction(id, new Date(Date.now() + retryDelayMs));
          return;
        }
      }
      const hasPdf = files.pdfApproved !== null || files.pdfProcess !== null;
      const foundText = textOf(approved) !== null || textOf(process) !== null;
      const status = !hasPdf ? 'none' : foundText ? 'indexed' : 'unreadable';
      const approvedTextOcr = textOf(approved) !== null && approved !== null && 'ocr' in approved && approved.ocr;
      // Its transaction announces the change to every instance (lib/public-changes.ts).
      const stored = await repository.saveExtractedTexts(id, { approvedText: textOf(approved), approvedTextOcr, processText: textOf(process), status }, files);
      if (stored) {
        const level = failures.length > 0 ? 'warn' : 'info';
        log[level]({ regulationId: id, status, failures, ms: Date.now() - started }, failures.length > 0 ? 'regulation text extraction failed twice' : 'regulation text indexed');
      }
    },
  };
}

export type TextIndexer = ReturnType<typeof createTextIndexer>;
