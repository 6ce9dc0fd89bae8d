import { constants, inflateSync } from 'node:zlib';

/** How much a PDF's compressed streams may expand to before the document is refused. */
export interface DecodedLimits {
  /** Any one stream (a page's content, an image, a font). */
  maxStreamBytes: number;
  /** All streams of the document together. */
  maxDocumentBytes: number;
}

export const DEFAULT_DECODED_LIMITS: DecodedLimits = { maxStreamBytes: 64 * 1024 * 1024, maxDocumentBytes: 512 * 1024 * 1024 };

export class DecodedSizeExceeded extends Error {
  constructor(readonly decodedBytes: number) {
    super(`the PDF's streams decode to more than the allowed size (${decodedBytes} bytes so far)`);
    this.name = 'DecodedSizeExceeded';
  }
}

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');

/**
 * Inflates every Flate-compressed stream of a PDF, keeping none of the output, and throws
 * DecodedSizeExceeded as soon as a stream or the whole document decodes past its limit. A 1 MB
 * "deflate bomb" (a page whose content inflates to 1 GB) is recognised after decoding at most the
 * limit, before pdf.js would try to hold it in memory. Answers the total decoded size.
 *
 * Streams that do not inflate (encrypted, damaged, other filters) are not counted: the worker's
 * memory and time limits still bound what pdf.js does with them.
 */
export function assertDecodedSizeWithin(content: Buffer, limits: DecodedLimits = DEFAULT_DECODED_LIMITS): number {
  let total = 0;
  let position = 0;
  for (;;) {
    const keyword = content.indexOf(STREAM, position);
    if (keyword === -1) return total;
    position = keyword + STREAM.length;
    // "endstream" also contains "stream"; the data starts after the keyword's end of line.
    if (keyword >= 3 && content.toString('latin1', keyword - 3, keyword) === 'end') continue;
    let start = position;
    if (content[start] === 0x0d) start += 1;
    if (content[start] !== 0x0a) {
      if (start === position) continue; // "stream" inside some other word or string
    } else {
      start += 1;
    }
    const dictionary = content.toString('latin1', Math.max(0, keyword - 2048), keyword);
    const objectStart = dictionary.lastIndexOf(' obj');
    const header = objectStart === -1 ? dictionary : dictionary.slice(objectStart);
    const end = content.indexOf(END_STREAM, start);
    const stop = end === -1 ? content.length : end;
    position = stop;
    if (!/\/FlateDecode\b/.test(header)) continue;
    const allowed = Math.min(limits.maxStreamBytes, limits.maxDocumentBytes - total);
    total += inflatedLength(content.subarray(start, stop), allowed, total);
  }
}

function inflatedLength(data: Buffer, allowed: number, before: number): number {
  try {
    // Z_SYNC_FLUSH: a truncated stream decodes as far as it goes, as pdf.js would read it.
    return inflateSync(data, { maxOutputLength: Math.max(allowed, 0) + 1, finishFlush: constants.Z_SYNC_FLUSH }).length;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new DecodedSizeExceeded(before + allowed + 1);
    return 0;
  }
}
