import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { capturingLogger } from '../../test/harness.js';
import { minimalPdf } from '../minimal-pdf.js';
import { isAlive } from '../processes.js';
import { scannedPdf } from '../scanned-pdf.js';
import { createDocumentWorker, DocumentJobFailed, type DocumentWorker } from './document-worker.js';
import { createDocuments, type Documents } from './documents.js';
import { DEFAULT_OCR_SETTINGS, detectOcr } from './ocr-support.js';

// These tests need Debian's tesseract-ocr, tesseract-ocr-spa and poppler-utils, which `npm test`
// installs (scripts/test.mjs); without them they fail, saying so.

const log = pino({ level: 'silent' });
const opened: (DocumentWorker | Documents)[] = [];
let folder: string;
let files = 0;

beforeAll(async () => {
  const support = await detectOcr(DEFAULT_OCR_SETTINGS);
  expect(support, 'OCR needs: apt-get install -y tesseract-ocr tesseract-ocr-spa poppler-utils').toMatchObject({ available: true });
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-ocr-test-'));
});
afterAll(() => fs.rm(folder, { recursive: true, force: true }));
afterEach(async () => {
  await Promise.all(opened.splice(0).map((each) => each.close()));
});

function worker(): DocumentWorker {
  const created = createDocumentWorker({ name: 'test', memoryMb: 512, timeoutMs: 120_000, log });
  opened.push(created);
  return created;
}

/** A scan in a file, and an empty folder for its pages' images, as the API hands them to the worker. */
async function scanJob(pages: string[][]) {
  files += 1;
  const file = path.join(folder, `scan-${files}.pdf`);
  await fs.writeFile(file, await scannedPdf(pages));
  const pagesFolder = await fs.mkdtemp(path.join(folder, 'pages-'));
  return { file, folder: pagesFolder };
}

/** The processes a worker runs (OCR's commands), from /proc. */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function commandOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}
const isZombie = (pid: number) => {
  try {
    return /^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return true;
  }
};

const fullPage = (word: string) => Array.from({ length: 24 }, (_, line) => `Renglón ${line + 1} del ${word}: texto de la ordenanza municipal vigente`);

describe('OCR of scanned PDFs in the document worker', () => {
  it('reads the text of a two-page scan, both pages in order, and leaves no image behind', { timeout: 120_000 }, async () => {
    const documents = worker();
    const job = await scanJob([
      ['ORDENANZA 1234', 'Artículo 1: Prohíbese estacionar frente a la plaza.'],
      ['Artículo 2: Comuníquese al Departamento Ejecutivo.', 'Firmado: presidencia'],
    ]);
    const result = await documents.run({ kind: 'ocr-pdf', ...job, ocr: DEFAULT_OCR_SETTINGS }, { timeoutMs: 120_000 });
    expect(result.pages).toBe(2);
    expect(result.stoppedPages).toEqual([]);
    expect(result.text).toMatch(/ORDENANZA 1234[\s\S]*Prohíbese estacionar frente a la plaza[\s\S]*Comuníquese al Departamento Ejecutivo/);
    expect(await fs.readdir(job.folder)).toEqual([]);
  });

  it('stops a page over its time limit and leaves it out, with no command or image left behind, and goes on', { timeout: 120_000 }, async () => {
    const documents = worker();
    const job = await scanJob([fullPage('primer folio'), fullPage('segundo folio')]);
    const result = await documents.run({ kind: 'ocr-pdf', ...job, ocr: { ...DEFAULT_OCR_SETTINGS, pageTimeoutMs: 150 } }, { timeoutMs: 120_000 });
    expect(result).toEqual({ text: '', pages: 2, stoppedPages: [1, 2] });
    // The job answered: the worker itself was not killed, no command of it is left, nor any image.
    expect(documents.counters.killed).toBe(0);
    expect(childrenOf(documents.pid!)).toEqual([]);
    expect(await fs.readdir(job.folder)).toEqual([]);
    // And it reads the next scan as usual.
    const next = await scanJob([['Decreto de feriado local']]);
    expect((await documents.run({ kind: 'ocr-pdf', ...next, ocr: DEFAULT_OCR_SETTINGS }, { timeoutMs: 120_000 })).text).toContain('feriado local');
  });

  it('stops a whole scan at its time limit, the page being read with it, and reads the next', { timeout: 120_000 }, async () => {
    const documents = worker();
    await documents.warm();
    const job = await scanJob(Array.from({ length: 6 }, (_, page) => fullPage(`folio ${page + 1}`)));
    const running = documents.run({ kind: 'ocr-pdf', ...job, ocr: DEFAULT_OCR_SETTINGS }, { timeoutMs: 3_000 }).catch((error: unknown) => error);
    const tesseract = () => (documents.pid === undefined ? undefined : childrenOf(documents.pid).find((pid) => commandOf(pid) === 'tesseract'));
    await expect.poll(tesseract, { timeout: 60_000, interval: 10 }).toBeDefined();
    const command = tesseract()!;
    const failure = await running;
    expect(failure).toBeInstanceOf(DocumentJobFailed);
    expect((failure as DocumentJobFailed).failure).toBe('timeout');
    await expect.poll(() => isAlive(command) && commandOf(command) === 'tesseract' && !isZombie(command), { timeout: 500, interval: 10 }).toBe(false);
    const next = await scanJob([['Decreto de asueto administrativo']]);
    expect((await documents.run({ kind: 'ocr-pdf', ...next, ocr: DEFAULT_OCR_SETTINGS }, { timeoutMs: 120_000 })).text).toContain('asueto administrativo');
  });

  it('kills the page being read with its worker at shutdown', { timeout: 120_000 }, async () => {
    const documents = worker();
    const job = await scanJob(Array.from({ length: 6 }, (_, page) => fullPage(`folio ${page + 1}`)));
    const running = documents.run({ kind: 'ocr-pdf', ...job, ocr: DEFAULT_OCR_SETTINGS }, { timeoutMs: 120_000 }).catch((error: unknown) => error);
    // Caught as it starts on a page, which takes it seconds.
    const tesseract = () => (documents.pid === undefined ? undefined : childrenOf(documents.pid).find((pid) => commandOf(pid) === 'tesseract'));
    await expect.poll(tesseract, { timeout: 60_000, interval: 10 }).toBeDefined();
    const command = tesseract()!;
    await documents.close();
    expect(await running).toBeInstanceOf(DocumentJobFailed);
    expect(((await running) as DocumentJobFailed).failure).toBe('closed');
    // Killed with it, not left to finish its page (a zombie, if any, is gone once reaped).
    await expect.poll(() => isAlive(command) && commandOf(command) === 'tesseract' && !isZombie(command), { timeout: 500, interval: 10 }).toBe(false);
  });
});

describe('documents: which PDFs go through OCR', () => {
  it('recognises a scan, and says so', { timeout: 120_000 }, async () => {
    const documents = createDocuments({ log });
    opened.push(documents);
    const scan = await scannedPdf([['Ordenanza sobre arbolado público']]);
    const result = await documents.extractPdfText(Readable.from([scan]));
    expect(result.ocr).toBe(true);
    expect(result.text).toContain('arbolado público');
  });

  it('reads a PDF with a text layer as it is, without OCR', async () => {
    const { logger, entries } = capturingLogger();
    const documents = createDocuments({ log: logger });
    opened.push(documents);
    expect(await documents.extractPdfText(Readable.from([minimalPdf(['Artículo 1: texto con capa de texto.'])]))).toEqual({ text: 'Artículo 1: texto con capa de texto.', ocr: false });
    expect(entries().filter((entry) => entry.msg === 'scanned PDF recognised')).toEqual([]);
  });

  it('without tesseract, leaves scans without text and says once that they stay unsearchable', async () => {
    const { logger, entries } = capturingLogger();
    const documents = createDocuments({ log: logger, limits: { ocr: { ...DEFAULT_OCR_SETTINGS, tesseract: path.join(folder, 'no-tesseract-here') } } });
    opened.push(documents);
    const scan = await scannedPdf([['Resolución escaneada']]);
    expect(await documents.extractPdfText(Readable.from([scan]))).toEqual({ text: '', ocr: false });
    expect(await documents.extractPdfText(Readable.from([scan]))).toEqual({ text: '', ocr: false });
    const warnings = entries().filter((entry) => String(entry.msg).startsWith('OCR unavailable'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toContain('scanned PDFs stay unsearchable');
  });
});
