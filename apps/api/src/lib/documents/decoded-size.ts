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

/** The filters' full names, by any name PDF allows for them (ISO 32000-1, 7.4 and the abbreviations of 8.9.7). */
const FILTER_NAMES: Record<string, Filter> = {
  FlateDecode: 'flate',
  Fl: 'flate',
  ASCIIHexDecode: 'hex',
  AHx: 'hex',
  ASCII85Decode: 'a85',
  A85: 'a85',
  LZWDecode: 'lzw',
  LZW: 'lzw',
  RunLengthDecode: 'runLength',
  RL: 'runLength',
};
type Filter = 'flate' | 'hex' | 'a85' | 'lzw' | 'runLength';

/** A PDF name's #xx escapes decoded (`/Flate#44ecode` is `/FlateDecode`). */
const unescapeNames = (text: string) => text.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * The filters a stream's dictionary names, in the order they apply: `/Filter /Fl`, `/Filter [/AHx /Fl]`,
 * any spelling. Decoding stops at a filter this check does not decode (images: DCT, JPX, CCITT, JBIG2;
 * Crypt), which pdf.js then reads under the worker's limits. 'unknown' when the filter is an indirect
 * object (`/Filter 12 0 R`): its data is then tried as Flate, the only filter that can bomb on its own.
 */
function filtersOf(header: string): Filter[] | 'unknown' {
  const match = /\/Filter\s*(\[[^\]]*\]|\/[^\s/[\]<>()]+|\d+\s+\d+\s+R)/.exec(unescapeNames(header));
  if (!match) return [];
  if (/R$/.test(match[1]!)) return 'unknown';
  const filters: Filter[] = [];
  for (const [, name] of match[1]!.matchAll(/\/([^\s/[\]<>()]+)/g)) {
    const filter = FILTER_NAMES[name!];
    if (!filter) break;
    filters.push(filter);
  }
  return filters;
}

/**
 * Decodes every stream of a PDF through its filters (Flate, LZW, run-length, ASCII hex and base-85, in
 * any spelling and order), keeping none of the output, and throws DecodedSizeExceeded as soon as a
 * stream or the whole document decodes past its limit. A 1 MB "deflate bomb" (a page whose content
 * inflates to 1 GB) is recognised after decoding at most the limit, before pdf.js would try to hold it
 * in memory, however its filter is written. Answers the total decoded size.
 *
 * Streams that do not decode (encrypted, damaged, image filters) are counted as far as they decode:
 * the worker's memory and time limits still bound what pdf.js does with them.
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
    const filters = filtersOf(header);
    if (filters !== 'unknown' && filters.length === 0) continue;
    const allowed = Math.min(limits.maxStreamBytes, limits.maxDocumentBytes - total);
    total += decodedLength(content.subarray(start, stop), filters === 'unknown' ? ['flate'] : filters, allowed, total);
  }
}

/** The stream's size once decoded by each filter in turn, as far as it decodes; throws past `allowed`. */
function decodedLength(data: Buffer, filters: readonly Filter[], allowed: number, before: number): number {
  const cap = Math.max(allowed, 0);
  let decoded: Buffer = data;
  for (const [index, filter] of filters.entries()) {
    let next: Buffer | null;
    try {
      next = DECODERS[filter](decoded, cap);
    } catch (error) {
      if (error instanceof PastCap) throw new DecodedSizeExceeded(before + cap + 1);
      throw error;
    }
    if (next === null) return index === 0 ? 0 : decoded.length;
    if (next.length > cap) throw new DecodedSizeExceeded(before + cap + 1);
    decoded = next;
  }
  return decoded.length;
}

/**
 * Each filter's decoder: the decoded bytes (at most `cap` + 1, so that going past the limit shows), or
 * null when the data is not of that filter at all.
 */
const DECODERS: Record<Filter, (data: Buffer, cap: number) => Buffer | null> = {
  flate(data, cap) {
    try {
      // Z_SYNC_FLUSH: a truncated stream decodes as far as it goes, as pdf.js would read it.
      return inflateSync(data, { maxOutputLength: cap + 1, finishFlush: constants.Z_SYNC_FLUSH });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new PastCap();
      return null;
    }
  },
  hex(data) {
    const digits = data.toString('latin1').split('>')[0]!.replace(/[^0-9A-Fa-f]/g, '');
    return Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex');
  },
  a85(data, cap) {
    const text = data.toString('latin1').replace(/^\s*<~/, '').split('~>')[0]!.replace(/\s/g, '');
    const out: number[] = [];
    let group: number[] = [];
    const flush = (count: number) => {
      while (group.length < 5) group.push(84);
      let value = 0;
      for (const digit of group) value = value * 85 + digit;
      for (let index = 0; index < count; index += 1) out.push((value >>> (24 - 8 * index)) & 0xff);
      group = [];
    };
    for (const character of text) {
      if (out.length > cap) break;
      if (character === 'z' && group.length === 0) out.push(0, 0, 0, 0);
      else {
        const digit = character.charCodeAt(0) - 33;
        if (digit < 0 || digit > 84) return out.length ? Buffer.from(out) : null;
        group.push(digit);
        if (group.length === 5) flush(4);
      }
    }
    if (group.length > 1) flush(group.length - 1);
    return Buffer.from(out);
  },
  runLength(data, cap) {
    const out = Buffer.alloc(Math.min(cap + 1, data.length * 128));
    let length = 0;
    for (let index = 0; index < data.length && length <= cap; ) {
      const control = data[index]!;
      if (control === 128) break;
      if (control < 128) {
        const run = data.subarray(index + 1, index + 2 + control);
        length += run.copy(out, length);
        index += 2 + control;
      } else {
        const count = Math.min(257 - control, out.length - length);
        out.fill(data[index + 1] ?? 0, length, length + count);
        length += count;
        index += 2;
      }
    }
    return out.subarray(0, length);
  },
  lzw(data, cap) {
    return lzwDecode(data, cap);
  },
};

/** A decoder went past its cap: the stream decodes to more than the limit. */
class PastCap extends Error {}

/** LZW (ISO 32000-1, 7.4.4) with EarlyChange 1, PDF's default; stops past `cap`. */
function lzwDecode(data: Buffer, cap: number): Buffer | null {
  let grown = Buffer.alloc(Math.min(cap + 1, Math.max(1024, data.length * 8)));
  let length = 0;
  const table: Buffer[] = Array.from({ length: 258 }, (_, code) => Buffer.from([code & 0xff]));
  let codeLength = 9;
  let previous: Buffer | null = null;
  let bits = 0;
  let bitCount = 0;
  const write = (chunk: Buffer): boolean => {
    if (length + chunk.length > grown.length) {
      if (grown.length > cap) return false;
      const bigger = Buffer.alloc(Math.min(cap + 1, Math.max(grown.length * 2, length + chunk.length)));
      grown.copy(bigger, 0, 0, length);
      grown = bigger;
    }
    length += chunk.copy(grown, length);
    return length <= cap;
  };
  for (const byte of data) {
    bits = (bits << 8) | byte;
    bitCount += 8;
    while (bitCount >= codeLength) {
      const code = (bits >>> (bitCount - codeLength)) & ((1 << codeLength) - 1);
      bitCount -= codeLength;
      bits &= (1 << bitCount) - 1;
      if (code === 256) {
        table.length = 258;
        codeLength = 9;
        previous = null;
        continue;
      }
      if (code === 257) return grown.subarray(0, length);
      let entry: Buffer;
      if (code < table.length) entry = table[code]!;
      else if (code === table.length && previous) entry = Buffer.concat([previous, previous.subarray(0, 1)]);
      else return length ? grown.subarray(0, length) : null;
      if (!write(entry)) throw new PastCap();
      if (previous) table.push(Buffer.concat([previous, entry.subarray(0, 1)]));
      previous = entry;
      if (table.length + 1 >= 1 << codeLength && codeLength < 12) codeLength += 1;
    }
  }
  return grown.subarray(0, length);
}
