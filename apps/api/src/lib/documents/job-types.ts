/**
 * The messages between the API and its document worker processes: jobs, their results and failures.
 * Types and constants only, so that the API process can import them without loading pdf.js.
 */
import type { AgendaPdfInput } from '../agenda-pdf.js';

/** The work a document worker process does (jobs.ts). */
export type DocumentJob =
  | { kind: 'inspect-pdf'; file: string }
  | { kind: 'extract-pdf-text'; file: string }
  /** A scan's pages rendered (pdftoppm) and recognised (tesseract) one by one; `folder` is the job's own, removed by the API. */
  | { kind: 'ocr-pdf'; file: string; folder: string; ocr: OcrSettings }
  /** A news text as the editor sent it, its bytes in a file, to be checked and cleaned (see cleanNewsHtml). */
  | { kind: 'clean-news-html'; file: string; ownImagePattern: string; maxMarkup: number }
  /** An agenda made as a PDF and a Word document, written to the files `pdf` and `docx` (new ones, in the API's folder). */
  | { kind: 'render-agenda'; agenda: AgendaPdfInput; pdf: string; docx: string };

/** How scans are recognised (config.ts `documents.ocr`). */
export interface OcrSettings {
  /** The commands, found through PATH unless given as paths. */
  tesseract: string;
  pdftoppm: string;
  /** tesseract's language data (`-l`): Debian's tesseract-ocr-spa is `spa`. */
  language: string;
  /** Pages recognised at most; the rest of a longer scan is not indexed. */
  maxPages: number;
  /** Time one page may take (rendered and recognised); past it, that page is left out. */
  pageTimeoutMs: number;
}

/** Where a cleaned news text had a pasted (data-URL) image: `src` holds this and the image's index. */
export const EMBEDDED_IMAGE_MARK = 'embedded-image:';

export type CleanNewsHtml =
  | {
      outcome: 'clean';
      /** The sanitised HTML, each pasted image's source replaced by EMBEDDED_IMAGE_MARK + its index. */
      html: string;
      /** The pasted images' bytes, decoded from their data URLs. */
      images: Uint8Array[];
      /** Whether any text or picture is left. */
      hasContent: boolean;
    }
  | { outcome: 'refused'; reason: 'depth' | 'markup' }
  /** The text breaks the contract's rules for a description (empty, control characters): its message. */
  | { outcome: 'invalid'; message: string };

export interface DocumentJobResults {
  'inspect-pdf': { pages: number };
  /** `pages`: the document's page count, which an OCR job's time limit grows with. */
  'extract-pdf-text': { text: string; pages: number };
  'ocr-pdf': OcrResult;
  'clean-news-html': CleanNewsHtml;
  /** The sizes of the files written. */
  'render-agenda': { pdfBytes: number; docxBytes: number };
}

export interface OcrResult {
  /** The recognised text, page after page, cleaned like a text layer's (pdf-text.ts). */
  text: string;
  /** Pages recognised (at most OcrSettings.maxPages). */
  pages: number;
  /** Pages stopped at their time limit (1-based), whose text is missing. */
  stoppedPages: number[];
}

/** Why a job did not produce its result, as the API reports it. */
export type DocumentFailure =
  /** Not a PDF: pdf.js could not find a document in it. */
  | 'not-pdf'
  /** Protected by a password needed to open it. */
  | 'encrypted'
  /** Its streams decode past the decoded-bytes cap. */
  | 'too-large'
  /** The worker was stopped at the time limit. */
  | 'timeout'
  /** The worker was stopped at the memory limit. */
  | 'memory'
  /** The worker process died (a crash, or V8's own heap limit). */
  | 'crashed'
  /** Any other error reading it. */
  | 'failed';

export type JobAnswer = { id: number; ok: true; result: unknown } | { id: number; ok: false; failure: DocumentFailure; message: string };
