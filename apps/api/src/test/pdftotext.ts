import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The text of a PDF as poppler's pdftotext reads it (tests only: it needs Debian's poppler-utils). */
export async function pdfToText(pdf: Buffer): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'agenda-pdf-'));
  try {
    const file = path.join(folder, 'agenda.pdf');
    await fs.writeFile(file, pdf);
    // The largest agendas' text is megabytes: more than execFile's 1 MB default.
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

/** Fails with the first of `expected` not found after the one before it. */
export function expectInOrder(text: string, expected: readonly string[]): void {
  let from = 0;
  for (const part of expected) {
    const at = text.indexOf(part, from);
    if (at < 0) throw new Error(`"${part}" not found in order after position ${from}:\n${text.slice(from, from + 400)}`);
    from = at + part.length;
  }
}
