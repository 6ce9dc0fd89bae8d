import { readFile } from 'node:fs/promises';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { assertDecodedSizeWithin, DecodedSizeExceeded, type DecodedLimits } from './decoded-size.js';
import { extractPdfText } from './pdf-text.js';

/**
 * The work a document worker process does. Everything here runs on untrusted bytes, so it runs only
 * inside the worker (worker-process.ts), never in the API's own process.
 */
export type DocumentJob = { kind: 'inspect-pdf'; file: string } | { kind: 'extract-pdf-text'; file: string };

export interface DocumentJobResults {
  'inspect-pdf': { pages: number };
  'extract-pdf-text': { text: string };
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

export async function runJob(job: DocumentJob, limits: DecodedLimits): Promise<DocumentJobResults[DocumentJob['kind']]> {
  // A path rather than the bytes: the API process hands over a file instead of copying megabytes
  // through the IPC channel on its event loop.
  const content = await readFile(job.file);
  switch (job.kind) {
    case 'inspect-pdf':
      return { pages: await countPages(content) };
    case 'extract-pdf-text':
      assertDecodedSizeWithin(content, limits);
      return { text: await extractPdfText(content) };
  }
}

/** Opens the document as pdf.js would show it: a PDF with at least one page. */
async function countPages(content: Buffer): Promise<number> {
  const document = await getDocument({
    data: new Uint8Array(content),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: VerbosityLevel.ERRORS,
  }).promise;
  try {
    if (document.numPages < 1) throw new NotAPdf('the document has no pages');
    await document.getPage(1);
    return document.numPages;
  } finally {
    await document.destroy();
  }
}

export class NotAPdf extends Error {
  override name = 'NotAPdf';
}

/** The failure a thrown error stands for. */
export function failureOf(error: unknown): DocumentFailure {
  if (error instanceof DecodedSizeExceeded) return 'too-large';
  const name = (error as { name?: string } | null)?.name;
  if (name === 'PasswordException') return 'encrypted';
  if (name === 'InvalidPDFException' || name === 'NotAPdf' || name === 'MissingPDFException') return 'not-pdf';
  return 'failed';
}
