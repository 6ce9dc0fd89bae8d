import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { OcrResult, OcrSettings } from './job-types.js';
import { cleanPageText, MAX_INDEXED_CHARACTERS, withPdf } from './pdf-text.js';

/** The resolution tesseract reads best at. */
const DPI = 300;
/** An A4 page at 300 dpi is 8.7 M pixels; a larger page is rendered at a lower resolution, never gigabytes. */
const MAX_PAGE_PIXELS = 12_000_000;
/** A page holds some 5,000 characters; tesseract's output past this is not read. */
const MAX_PAGE_OUTPUT_BYTES = 256 * 1024;

/** The commands running for the job (one at a time), killed if this process is told to leave. */
const running = new Set<ChildProcess>();

/**
 * The text of a scanned PDF, recognised page by page inside the document worker: each page is
 * rendered to a grey image in `folder` (poppler's pdftoppm) and read by tesseract, as child processes
 * with the page's time limit; a page past it is killed and left out, and its image removed. Children
 * of the worker, they run at the lowest CPU priority, and its memory watch and kill (document-worker.ts)
 * cover them.
 */
export async function recognisePdf(content: Buffer, file: string, folder: string, settings: OcrSettings): Promise<OcrResult> {
  const resolutions = await pageResolutions(content, settings.maxPages);
  const pages: string[] = [];
  const stoppedPages: number[] = [];
  let length = 0;
  for (const [index, dpi] of resolutions.entries()) {
    if (length >= MAX_INDEXED_CHARACTERS) break;
    const text = await recognisePage({ file, folder, number: index + 1, dpi, settings });
    if (text === undefined) {
      stoppedPages.push(index + 1);
    } else if (text) {
      pages.push(text);
      length += text.length;
    }
  }
  return { text: pages.join('\n\n').slice(0, MAX_INDEXED_CHARACTERS).trim(), pages: resolutions.length, stoppedPages };
}

/** Kills the commands still running (the worker is leaving). */
export function stopRecognition(): void {
  for (const child of running) child.kill('SIGKILL');
}

/** The resolution to render each page at (up to maxPages): 300 dpi, less for pages larger than A3 or so. */
async function pageResolutions(content: Buffer, maxPages: number): Promise<number[]> {
  return withPdf(content, async (document) => {
    const resolutions: number[] = [];
    for (let number = 1; number <= Math.min(document.numPages, maxPages); number += 1) {
      const page = await document.getPage(number);
      const { width, height } = page.getViewport({ scale: 1 });
      // Points are 1/72 inch.
      const squareInches = (width / 72) * (height / 72);
      const fitting = Math.floor(Math.sqrt(MAX_PAGE_PIXELS / squareInches));
      resolutions.push(Number.isFinite(fitting) && fitting > 0 ? Math.min(DPI, fitting) : DPI);
      page.cleanup();
    }
    return resolutions;
  });
}

/** A page's text; undefined when it took longer than its time limit. */
async function recognisePage(page: { file: string; folder: string; number: number; dpi: number; settings: OcrSettings }): Promise<string | undefined> {
  const { file, folder, number, dpi, settings } = page;
  const deadline = performance.now() + settings.pageTimeoutMs;
  const root = path.join(folder, `page-${number}`);
  // -singlefile: the image is root.pgm (grey, no page number in the name).
  const image = `${root}.pgm`;
  try {
    const rendered = await runCommand(settings.pdftoppm, ['-r', String(dpi), '-gray', '-f', String(number), '-l', String(number), '-singlefile', file, root], deadline);
    if (rendered.timedOut) return undefined;
    // A page poppler cannot draw has no text to give; the others still do.
    if (rendered.code !== 0) return '';
    // OMP_THREAD_LIMIT: one core, however many the machine has; the API keeps the rest.
    const recognised = await runCommand(settings.tesseract, [image, 'stdout', '-l', settings.language], deadline, { OMP_THREAD_LIMIT: '1' });
    if (recognised.timedOut) return undefined;
    return recognised.code === 0 ? cleanPageText(recognised.output) : '';
  } finally {
    await fs.rm(image, { force: true });
  }
}

/**
 * Runs a command until it ends or the deadline passes (then it is killed); its standard output, up
 * to MAX_PAGE_OUTPUT_BYTES. Rejects when the command cannot be started (not installed).
 */
function runCommand(command: string, args: string[], deadline: number, env: Record<string, string> = {}): Promise<{ code: number | null; output: string; timedOut: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, ...env } });
    running.add(child);
    try {
      // The least urgent work there is: seconds of CPU per page, with nobody waiting for it.
      if (child.pid) os.setPriority(child.pid, 19);
    } catch {
      // Lowering the priority is a courtesy; some systems refuse it.
    }
    const chunks: Buffer[] = [];
    let bytes = 0;
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        child.kill('SIGKILL');
      },
      Math.max(0, deadline - performance.now()),
    );
    child.stdout.on('data', (chunk: Buffer) => {
      if (bytes >= MAX_PAGE_OUTPUT_BYTES) return;
      chunks.push(chunk);
      bytes += chunk.length;
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      running.delete(child);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      running.delete(child);
      resolve({ code, output: Buffer.concat(chunks).subarray(0, MAX_PAGE_OUTPUT_BYTES).toString('utf8'), timedOut });
    });
  });
}
