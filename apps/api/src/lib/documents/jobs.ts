import { readFile, writeFile } from 'node:fs/promises';
import { newsDescriptionSchema } from '@concejo/contracts';
import { renderAgendaDocx } from '../agenda-docx.js';
import { renderAgendaPdf, type AgendaPdfInput } from '../agenda-pdf.js';
import { dataImagesOf, hasContent, HtmlBoundsError, replaceImageSources, sanitizeNewsHtml } from '../html-sanitizer.js';
import { assertDecodedSizeWithin, DecodedSizeExceeded, type DecodedLimits } from './decoded-size.js';
import { EMBEDDED_IMAGE_MARK, type CleanNewsHtml, type DocumentFailure, type DocumentJob, type DocumentJobResults } from './job-types.js';
import { recognisePdf } from './ocr.js';
import { extractPdfText, withPdf } from './pdf-text.js';

/**
 * The jobs themselves. They run on untrusted input, or for seconds of CPU (an agenda's documents), so
 * they run only inside the worker (worker-process.ts), never in the API's own process.
 */
export async function runJob(job: DocumentJob, limits: DecodedLimits): Promise<DocumentJobResults[DocumentJob['kind']]> {
  switch (job.kind) {
    // PDFs come as a path rather than bytes: the API process hands over a file instead of copying
    // megabytes through the IPC channel on its event loop.
    case 'inspect-pdf':
      return { pages: await countPages(await readFile(job.file)) };
    case 'extract-pdf-text': {
      const content = await readFile(job.file);
      assertDecodedSizeWithin(content, limits);
      return extractPdfText(content);
    }
    case 'ocr-pdf': {
      const content = await readFile(job.file);
      assertDecodedSizeWithin(content, limits);
      return recognisePdf(content, job.file, job.folder, job.ocr);
    }
    case 'clean-news-html':
      return cleanNewsHtml(await readFile(job.file), new RegExp(job.ownImagePattern), job.maxMarkup);
    case 'render-agenda':
      return renderAgendaFiles(job.agenda, { pdf: job.pdf, docx: job.docx });
  }
}

/**
 * The agenda as a PDF and a Word document, each written to its file: the API streams them into its
 * storage from there, so megabytes of document never cross the IPC channel on its event loop.
 */
async function renderAgendaFiles(agenda: AgendaPdfInput, files: { pdf: string; docx: string }): Promise<DocumentJobResults['render-agenda']> {
  const [pdf, docx] = await Promise.all([renderAgendaPdf(agenda), renderAgendaDocx(agenda)]);
  // 'wx': new files only, never one already at that path.
  await Promise.all([writeFile(files.pdf, pdf, { mode: 0o600, flag: 'wx' }), writeFile(files.docx, docx, { mode: 0o600, flag: 'wx' })]);
  return { pdfBytes: pdf.length, docxBytes: docx.length };
}

/**
 * Decodes a news text from its bytes as sent, checks it with the contract's rules, bounds and sanitises
 * it (linear, but 12 MB of markup still takes the best part of a second), and takes its pasted images
 * out as bytes, so that the API process only stores them.
 */
function cleanNewsHtml(content: Buffer, ownImagePattern: RegExp, maxMarkup: number): CleanNewsHtml {
  // As a text field is decoded: a malformed sequence becomes U+FFFD rather than a refusal.
  const checked = newsDescriptionSchema.safeParse(content.toString('utf8'));
  if (!checked.success) return { outcome: 'invalid', message: checked.error.issues[0]!.message };
  let html: string;
  try {
    html = sanitizeNewsHtml(checked.data, { ownImagePattern, maxMarkup });
  } catch (error) {
    if (error instanceof HtmlBoundsError) return { outcome: 'refused', reason: error.reason };
    throw error;
  }
  const images = dataImagesOf(html);
  const marked = replaceImageSources(html, new Map(images.map((image, index) => [image.url, `${EMBEDDED_IMAGE_MARK}${index}`])));
  return { outcome: 'clean', html: marked, images: images.map((image) => image.content), hasContent: hasContent(html) };
}

/** Opens the document as pdf.js would show it: a PDF with at least one page. */
async function countPages(content: Buffer): Promise<number> {
  return withPdf(content, async (document) => {
    if (document.numPages < 1) throw new NotAPdf('the document has no pages');
    await document.getPage(1);
    return document.numPages;
  });
}

export class NotAPdf extends Error {
  override name = 'NotAPdf';
}

/** The failure a thrown error stands for. */
export function failureOf(error: unknown): DocumentFailure {
  if (error instanceof DecodedSizeExceeded) return 'too-large';
  const name = (error as { name?: string } | null)?.name;
  if (name === 'PasswordException') return 'encrypted';
  if (name === 'InvalidPDFException' || name === 'NotAPdf') return 'not-pdf';
  return 'failed';
}
