/**
 * The messages between the API and its document worker processes: jobs, their results and failures.
 * Types and constants only, so that the API process can import them without loading pdf.js.
 */
/** The work a document worker process does (jobs.ts). */
export type DocumentJob =
  | { kind: 'inspect-pdf'; file: string }
  | { kind: 'extract-pdf-text'; file: string }
  /** A news text as the editor sent it, its bytes in a file, to be checked and cleaned (see cleanNewsHtml). */
  | { kind: 'clean-news-html'; file: string; ownImagePattern: string; maxMarkup: number };

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
  'extract-pdf-text': { text: string };
  'clean-news-html': CleanNewsHtml;
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
