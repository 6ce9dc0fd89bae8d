import { execFile } from 'node:child_process';
import type { OcrSettings } from './job-types.js';

/**
 * What the API process knows of OCR (DESIGN.md section 6, scanned PDFs): its settings, whether the
 * machine has the commands, and how long a scan may take. The recognition itself runs in the document
 * worker (ocr.ts).
 */
export const DEFAULT_OCR_SETTINGS: OcrSettings = { tesseract: 'tesseract', pdftoppm: 'pdftoppm', language: 'spa', maxPages: 200, pageTimeoutMs: 60_000 };

/** Time a whole scan may take: a minute to start, and half a page's limit per page (pages measure 3-5 s here). */
export function ocrTimeoutMs(pages: number, settings: OcrSettings): number {
  return 60_000 + Math.min(Math.max(pages, 1), settings.maxPages) * Math.ceil(settings.pageTimeoutMs / 2);
}

/** A PDF whose text layer holds no letter or digit is taken for a scan. */
export function looksScanned(text: string): boolean {
  return !/[\p{L}\p{N}]/u.test(text);
}

export type OcrSupport = { available: true; version: string } | { available: false; missing: string };

/** Whether tesseract (with the settings' language data) and pdftoppm run on this machine. */
export async function detectOcr(settings: OcrSettings): Promise<OcrSupport> {
  const languages = await output(settings.tesseract, ['--list-langs']);
  if (languages === undefined) return { available: false, missing: `${settings.tesseract} (Debian: tesseract-ocr)` };
  if (!languages.split('\n').some((line) => line.trim() === settings.language)) {
    return { available: false, missing: `tesseract's "${settings.language}" language data (Debian: tesseract-ocr-${settings.language})` };
  }
  if ((await output(settings.pdftoppm, ['-v'])) === undefined) return { available: false, missing: `${settings.pdftoppm} (Debian: poppler-utils)` };
  const version = (await output(settings.tesseract, ['--version']))?.split('\n')[0]?.trim() ?? 'tesseract';
  return { available: true, version };
}

/** A command's output (stdout and stderr: some print their version on either); undefined when it cannot run or fails. */
function output(command: string, args: string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: 10_000, maxBuffer: 1024 * 1024 }, (error, stdout, stderr) => resolve(error ? undefined : `${stdout}\n${stderr}`));
  });
}
