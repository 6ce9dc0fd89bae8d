import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { AgendaPdfInput } from '../agenda-pdf.js';
import { HttpError, TooManyRequests, ValidationFailed } from '../errors.js';
import { startsAsPdf } from '../pdf.js';
import type { SpooledFile } from '../upload-spool.js';
import type { DecodedLimits } from './decoded-size.js';
import { createDocumentWorker, DocumentJobFailed } from './document-worker.js';
import type { CleanNewsHtml, OcrResult, OcrSettings } from './job-types.js';
import { DEFAULT_OCR_SETTINGS, detectOcr, looksScanned, ocrTimeoutMs } from './ocr-support.js';
import { isAlive } from '../processes.js';

export interface DocumentLimits {
  /** Resident memory of each worker process, in MB. */
  memoryMb: number;
  /** Time one background job (a PDF's text) may take, and one agenda's documents. */
  timeoutMs: number;
  /** Time opening an upload may take while its uploader waits. */
  checkTimeoutMs: number;
  decoded?: DecodedLimits;
  /** How scans are recognised (ocr-support.ts); a scan's time limit grows with its pages. */
  ocr?: OcrSettings;
}

/** The uploads lane's niceness: someone waits for its work (see createDocuments). */
export const UPLOADS_NICENESS = 5;

export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = { memoryMb: 512, timeoutMs: 60_000, checkTimeoutMs: 20_000 };

/**
 * A PDF's text, and whether it was recognised by OCR (a scan) rather than read from its text layer;
 * `needsOcr` when it is a scan whose recognition was not asked for (extractPdfText's `ocr: false`).
 */
export interface PdfText {
  text: string;
  ocr: boolean;
  needsOcr?: boolean;
}

const TEMPORARY_PREFIX = 'concejo-documents-';
const UNPROCESSABLE_TEXT = 'No se pudo procesar la descripción. Revise su contenido e intente de nuevo.';
const TOO_MANY_UPLOADS = 'Hay muchos documentos en revisión. Intente de nuevo en unos segundos.';
const AGENDA_BUSY = 'Se están preparando muchos documentos. Intente guardar la orden del día de nuevo en unos segundos.';
const RESTARTING = 'El servidor se está reiniciando. Intente de nuevo en unos segundos.';
/** Seconds a sender is told to wait when the uploads worker has too many jobs waiting (or is closing, for an agenda). */
const RETRY_AFTER_SECONDS = 10;

/** Temporary folders of processes that are gone (killed before they could remove theirs). */
async function removeAbandonedFolders(): Promise<void> {
  const names = await fs.readdir(os.tmpdir()).catch(() => [] as string[]);
  for (const name of names) {
    const pid = Number(/^concejo-documents-(\d+)-/.exec(name)?.[1]);
    if (!pid || pid === process.pid || isAlive(pid)) continue;
    await fs.rm(path.join(os.tmpdir(), name), { recursive: true, force: true });
  }
}

/** What opening an uploaded PDF found. */
export type PdfCheck = 'pdf' | 'not-pdf' | 'encrypted' | 'unreadable';

/** An agenda's documents as the uploads worker wrote them, while `store` (renderAgenda) takes them. */
export interface AgendaFiles {
  pdf: string;
  docx: string;
  pdfBytes: number;
  docxBytes: number;
}

/**
 * Everything the API does with untrusted documents, and the documents it makes that would hold its
 * event loop for seconds (an agenda's PDF and Word), done in worker processes (document-worker.ts):
 * one for uploads and agendas, whose senders wait for the answer, one for background work (a PDF's
 * text layer), and one for the OCR of scans, so that a slow document in the background never delays
 * an upload, and a 200-page scan (minutes of OCR) never delays another PDF's text.
 */
export function createDocuments(options: { limits?: Partial<DocumentLimits>; log: FastifyBaseLogger }) {
  const limits = { ...DEFAULT_DOCUMENT_LIMITS, ...options.limits };
  const ocr = limits.ocr ?? DEFAULT_OCR_SETTINGS;
  const log = options.log;
  const uploads = createDocumentWorker({
    name: 'uploads',
    memoryMb: limits.memoryMb,
    timeoutMs: limits.checkTimeoutMs,
    decoded: limits.decoded,
    // Opening an upload takes milliseconds, so a burst of them (an import script sending 20 norms at
    // once) just waits its turn; past 64 waiting, something is wrong and the sender gets 429.
    maxQueue: 64,
    // Someone waits for these: closer to the API's priority than the background work, and always
    // running (warm() at start), so that no upload waits for a process to start.
    niceness: UPLOADS_NICENESS,
    idleMs: Number.POSITIVE_INFINITY,
    log,
  });
  const background = createDocumentWorker({ name: 'background', memoryMb: limits.memoryMb, timeoutMs: limits.timeoutMs, decoded: limits.decoded, log });
  // Its own lane: a long scan holds this one, never the text layers of the others.
  const ocrLane = createDocumentWorker({ name: 'ocr', memoryMb: limits.memoryMb, timeoutMs: limits.timeoutMs, decoded: limits.decoded, log });
  // Workers get a file to read: handing over a path costs this process nothing, copying 20 MB
  // through the IPC channel would hold its event loop.
  let folder: Promise<string> | undefined;
  const temporaryFolder = () => (folder ??= removeAbandonedFolders().then(() => fs.mkdtemp(path.join(os.tmpdir(), `${TEMPORARY_PREFIX}${process.pid}-`))));
  async function withTemporaryFile<T>(write: (file: string) => Promise<void>, use: (file: string) => Promise<T>): Promise<T> {
    const file = path.join(await temporaryFolder(), randomUUID());
    try {
      await write(file);
      return await use(file);
    } finally {
      await fs.rm(file, { force: true });
    }
  }

  // Looked for once (at start, or at the first scan), and said once in the log.
  let ocrSupport: Promise<boolean> | undefined;
  function ocrAvailable(): Promise<boolean> {
    ocrSupport ??= detectOcr(ocr).then((support) => {
      if (support.available) log.info({ tesseract: support.version, language: ocr.language }, 'OCR of scanned PDFs available');
      else log.warn({ missing: support.missing }, 'OCR unavailable: scanned PDFs stay unsearchable (install tesseract-ocr, tesseract-ocr-spa and poppler-utils)');
      return support.available;
    });
    return ocrSupport;
  }

  /** A folder of its own for one job's files, removed with them once `use` settles, whatever its end. */
  async function withJobFolder<T>(prefix: string, use: (jobFolder: string) => Promise<T>): Promise<T> {
    const jobFolder = await fs.mkdtemp(path.join(await temporaryFolder(), prefix));
    try {
      return await use(jobFolder);
    } finally {
      await fs.rm(jobFolder, { recursive: true, force: true });
    }
  }

  /** Recognises a scan in the OCR worker, its pages' images in a folder of the job's own. */
  function recognise(file: string, pages: number): Promise<OcrResult> {
    return withJobFolder('ocr-', async (pagesFolder) => {
      const started = Date.now();
      const result = await ocrLane.run({ kind: 'ocr-pdf', file, folder: pagesFolder, ocr }, { timeoutMs: ocrTimeoutMs(pages, ocr) });
      const level = result.stoppedPages.length > 0 ? 'warn' : 'info';
      log[level]({ pages: result.pages, stoppedPages: result.stoppedPages, characters: result.text.length, ms: Date.now() - started }, 'scanned PDF recognised');
      return result;
    });
  }

  return {
    /**
     * Whether an upload is a PDF that opens: `%PDF-` at byte 0 (its head) and pdf.js finds its pages,
     * reading the spooled file where it is (no copy). Too many uploads waiting to be opened answer
     * 429; a server shutting down, 503.
     */
    async checkPdf(upload: SpooledFile): Promise<PdfCheck> {
      if (!startsAsPdf(upload.head)) return 'not-pdf';
      try {
        await uploads.run({ kind: 'inspect-pdf', file: upload.path });
        return 'pdf';
      } catch (error) {
        if (!(error instanceof DocumentJobFailed)) throw error;
        if (error.failure === 'busy') throw new TooManyRequests(TOO_MANY_UPLOADS, RETRY_AFTER_SECONDS);
        if (error.failure === 'closed') throw new HttpError(503, RESTARTING);
        log.info({ failure: error.failure, bytes: upload.size }, 'uploaded PDF refused');
        return error.failure === 'not-pdf' ? 'not-pdf' : error.failure === 'encrypted' ? 'encrypted' : 'unreadable';
      }
    },
    /**
     * A news text, as the bytes that were sent, decoded, checked, bounded and sanitised in the uploads
     * worker (jobs.ts cleanNewsHtml): handed over as a file, so that megabytes of text are neither
     * decoded nor copied through the IPC channel on this process's event loop. Too many waiting
     * answers 429; a text the worker could not finish, 422.
     */
    async cleanNewsHtml(content: Buffer, options: { ownImagePattern: RegExp; maxMarkup: number }): Promise<CleanNewsHtml> {
      try {
        return await withTemporaryFile(
          (file) => fs.writeFile(file, content, { mode: 0o600 }),
          (file) => uploads.run({ kind: 'clean-news-html', file, ownImagePattern: options.ownImagePattern.source, maxMarkup: options.maxMarkup }),
        );
      } catch (error) {
        if (!(error instanceof DocumentJobFailed)) throw error;
        if (error.failure === 'busy') throw new TooManyRequests(TOO_MANY_UPLOADS, RETRY_AFTER_SECONDS);
        if (error.failure === 'closed') throw new HttpError(503, RESTARTING);
        log.warn({ failure: error.failure, bytes: content.length }, 'news text could not be cleaned');
        throw new ValidationFailed({ description: [UNPROCESSABLE_TEXT] });
      }
    },
    /**
     * The text of a PDF, read from a stream of it: its text layer's, or, when it has none (a scan),
     * what OCR recognises where the machine has it (empty otherwise). With `ocr: false` a scan is not
     * recognised but answered `needsOcr` (where OCR is available): its caller queues the recognition
     * apart, so that it holds no slot of the quick work. Rejects with DocumentJobFailed.
     */
    async extractPdfText(content: Readable, options: { ocr?: boolean } = {}): Promise<PdfText> {
      return withTemporaryFile(
        (file) => pipeline(content, createWriteStream(file, { mode: 0o600 })),
        async (file) => {
          const layer = await background.run({ kind: 'extract-pdf-text', file });
          if (!looksScanned(layer.text) || !(await ocrAvailable())) return { text: layer.text, ocr: false };
          if (options.ocr === false) return { text: layer.text, ocr: false, needsOcr: true };
          const recognised = await recognise(file, layer.pages);
          return recognised.text ? { text: recognised.text, ocr: true } : { text: layer.text, ocr: false };
        },
      );
    },
    /**
     * An agenda's PDF and Word document (agenda-pdf.ts, agenda-docx.ts), made in the uploads worker,
     * as its author waits for them: seconds of CPU for the largest, which would hold every request on
     * this process's event loop. They are written to a folder of the job's own, which goes once
     * `store` (that streams them into storage) settles, whatever its end. Too many jobs waiting, or
     * the server closing, answer 503 with Retry-After; a job stopped at its limits or failed is a
     * 500 (logged here), never a request left waiting.
     */
    renderAgenda<T>(agenda: AgendaPdfInput, store: (files: AgendaFiles) => Promise<T>): Promise<T> {
      return withJobFolder('agenda-', async (jobFolder) => {
        const files = { pdf: path.join(jobFolder, 'agenda.pdf'), docx: path.join(jobFolder, 'agenda.docx') };
        let sizes: { pdfBytes: number; docxBytes: number };
        try {
          sizes = await uploads.run({ kind: 'render-agenda', agenda, ...files }, { timeoutMs: limits.timeoutMs });
        } catch (error) {
          if (!(error instanceof DocumentJobFailed)) throw error;
          // Nothing wrong with the agenda: the server cannot make it now (too many waiting, or closing).
          if (error.failure === 'busy' || error.failure === 'closed') {
            throw new HttpError(503, error.failure === 'busy' ? AGENDA_BUSY : RESTARTING, undefined, { 'retry-after': String(RETRY_AFTER_SECONDS) });
          }
          const items = agenda.sections.reduce((sum, section) => sum + section.entries.length, 0);
          log.warn({ failure: error.failure, detail: error.message, items }, 'agenda documents could not be made');
          throw error;
        }
        return store({ ...files, ...sizes });
      });
    },
    /** Whether scans can be recognised here; the first call looks, and logs what it found. */
    ocrAvailable,
    /** Starts the uploads worker now rather than on the first upload; resolves once it is ready. */
    warm(): Promise<void> {
      return uploads.warm();
    },
    /** The worker processes (tests). */
    workers: { uploads, background, ocr: ocrLane },
    async close(): Promise<void> {
      await Promise.all([uploads.close(), background.close(), ocrLane.close()]);
      if (folder) await fs.rm(await folder, { recursive: true, force: true });
    },
  };
}

export type Documents = ReturnType<typeof createDocuments>;
