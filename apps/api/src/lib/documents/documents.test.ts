import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlDressedAsPdf, passwordProtectedPdf } from '../../test/hostile-documents.js';
import { minimalPdf } from '../minimal-pdf.js';
import { SPOOLED_HEAD_BYTES, type SpooledFile } from '../upload-spool.js';
import { createDocuments } from './documents.js';

const documents = createDocuments({ log: pino({ level: 'silent' }) });
let uploads: string;
beforeAll(async () => {
  uploads = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-pdf-checks-'));
});
afterAll(async () => {
  await documents.close();
  await fs.rm(uploads, { recursive: true, force: true });
});

/** An upload as the multipart reader leaves it: on disk, with its first bytes in memory. */
async function spooled(content: Buffer): Promise<SpooledFile> {
  const file = path.join(uploads, randomUUID());
  await fs.writeFile(file, content);
  return { path: file, size: content.length, head: content.subarray(0, SPOOLED_HEAD_BYTES) };
}

describe('documents', () => {
  it('tells a PDF from what is not one, and a password-locked one', async () => {
    expect(await documents.checkPdf(await spooled(minimalPdf(['Ordenanza'])))).toBe('pdf');
    expect(await documents.checkPdf(await spooled(htmlDressedAsPdf()))).toBe('not-pdf');
    expect(await documents.checkPdf(await spooled(Buffer.concat([Buffer.from(' '), minimalPdf(['Ordenanza'])])))).toBe('not-pdf');
    expect(await documents.checkPdf(await spooled(passwordProtectedPdf()))).toBe('encrypted');
    // The header alone does not make a PDF, and nothing reached the worker for it.
    expect(await documents.checkPdf(await spooled(Buffer.from('%PDF-1.4')))).toBe('not-pdf');
  });

  it('leaves the upload where it is, for its request to remove', async () => {
    const upload = await spooled(minimalPdf(['Ordenanza']));
    expect(await documents.checkPdf(upload)).toBe('pdf');
    expect(await fs.readFile(upload.path)).toEqual(minimalPdf(['Ordenanza']));
  });

  it('reads the text of a PDF from a stream', async () => {
    expect(await documents.extractPdfText(Readable.from([minimalPdf(['Texto leído en el trabajador'])]))).toEqual({ text: 'Texto leído en el trabajador', ocr: false });
  });

  it('removes the temporary folders of processes that were killed, and leaves its own file nowhere', async () => {
    const abandoned = path.join(os.tmpdir(), 'concejo-documents-4194300-abcdef');
    await fs.mkdir(abandoned, { recursive: true });
    await fs.writeFile(path.join(abandoned, 'upload'), 'x');
    const fresh = createDocuments({ log: pino({ level: 'silent' }) });
    try {
      expect(await fresh.extractPdfText(Readable.from([minimalPdf(['uno'])]))).toEqual({ text: 'uno', ocr: false });
      await expect(fs.access(abandoned)).rejects.toThrow();
      const mine = (await fs.readdir(os.tmpdir())).filter((name) => name.startsWith(`concejo-documents-${process.pid}-`));
      for (const folder of mine) expect(await fs.readdir(path.join(os.tmpdir(), folder))).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
