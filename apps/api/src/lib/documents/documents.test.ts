import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { htmlDressedAsPdf, passwordProtectedPdf } from '../../test/hostile-documents.js';
import { minimalPdf } from '../minimal-pdf.js';
import { createDocuments } from './documents.js';

const documents = createDocuments({ log: pino({ level: 'silent' }) });
afterAll(() => documents.close());

describe('documents', () => {
  it('tells a PDF from what is not one, and a password-locked one', async () => {
    expect(await documents.checkPdf(minimalPdf(['Ordenanza']))).toBe('pdf');
    expect(await documents.checkPdf(htmlDressedAsPdf())).toBe('not-pdf');
    expect(await documents.checkPdf(Buffer.concat([Buffer.from(' '), minimalPdf(['Ordenanza'])]))).toBe('not-pdf');
    expect(await documents.checkPdf(passwordProtectedPdf())).toBe('encrypted');
    // The header alone does not make a PDF, and nothing reached the worker for it.
    expect(await documents.checkPdf(Buffer.from('%PDF-1.4'))).toBe('not-pdf');
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
      expect(await fresh.checkPdf(minimalPdf(['uno']))).toBe('pdf');
      await expect(fs.access(abandoned)).rejects.toThrow();
      const mine = (await fs.readdir(os.tmpdir())).filter((name) => name.startsWith(`concejo-documents-${process.pid}-`));
      for (const folder of mine) expect(await fs.readdir(path.join(os.tmpdir(), folder))).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
