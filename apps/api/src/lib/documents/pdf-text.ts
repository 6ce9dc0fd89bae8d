import { getDocument, VerbosityLevel, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Enough for any regulation; beyond it the rest of a huge PDF is not indexed. */
export const MAX_INDEXED_PAGES = 500;
export const MAX_INDEXED_CHARACTERS = 500_000;

/** A page's text as the search takes it: control characters (but new lines) out, runs of spaces made one. */
export function cleanPageText(text: string): string {
  return (
    text
      // Control characters mean nothing in a search and would break highlighting.
      // eslint-disable-next-line no-control-regex -- matching control characters is the point here
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, ' ')
      .replace(/[ \t]+/g, ' ')
      .trim()
  );
}

/**
 * Runs `work` on a PDF opened by pdf.js as untrusted input (no fonts loaded, only errors logged; pdf.js 6
 * evaluates no code at all, so there is no eval to turn off), and destroys it afterwards, whatever
 * happened.
 */
export async function withPdf<T>(content: Buffer, work: (document: PDFDocumentProxy) => Promise<T>): Promise<T> {
  const loading = getDocument({
    data: new Uint8Array(content),
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    return await work(await loading.promise);
  } finally {
    await loading.destroy();
  }
}

/**
 * The text of a PDF, page after page, with control characters removed, and its page count. The text
 * is empty when the PDF has no text layer (a scan). pdf.js yields between pages, so a long document
 * does not hold the server.
 */
export async function extractPdfText(content: Buffer): Promise<{ text: string; pages: number }> {
  return withPdf(content, async (document) => {
    const pages: string[] = [];
    let length = 0;
    for (let number = 1; number <= Math.min(document.numPages, MAX_INDEXED_PAGES) && length < MAX_INDEXED_CHARACTERS; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const text = cleanPageText(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''));
      pages.push(text);
      length += text.length;
      page.cleanup();
    }
    return { text: pages.join('\n\n').slice(0, MAX_INDEXED_CHARACTERS).trim(), pages: document.numPages };
  });
}
