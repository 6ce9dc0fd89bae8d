import { constants, deflateRawSync } from 'node:zlib';
import { assemblePdf } from '../lib/minimal-pdf.js';

const CHUNK = 16 * 1024 * 1024;
let zeroBlock: Buffer | undefined;

/**
 * A zlib stream that inflates to `decodedBytes` zero bytes, built in milliseconds: one 16 MB chunk
 * of zeros is deflated once with a full flush (its blocks then depend on nothing before them) and
 * repeated. About 1 KB of output per 1 MB decoded, as a real deflate bomb.
 */
export function zlibBomb(decodedBytes: number): Buffer {
  zeroBlock ??= deflateRawSync(Buffer.alloc(CHUNK), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const chunks = Math.ceil(decodedBytes / CHUNK);
  const total = chunks * CHUNK;
  const adler = Buffer.alloc(4);
  // Adler-32 of zeros: a stays 1, b grows by 1 per byte.
  adler.writeUInt32BE((((total % 65521) << 16) | 1) >>> 0);
  // 78 DA: zlib header (deflate, best compression); 03 00: an empty final block.
  return Buffer.concat([Buffer.from([0x78, 0xda]), ...Array.from({ length: chunks }, () => zeroBlock!), Buffer.from([0x03, 0x00]), adler]);
}

/**
 * A valid one-page PDF whose page content is a Flate stream that inflates to `decodedBytes` bytes:
 * small on the wire, enormous in memory for a reader that decodes it whole.
 */
export function deflateBombPdf(decodedBytes: number, spelling: BombSpelling = FLATE_SPELLINGS.plain): Buffer {
  const stream = spelling.encode(zlibBomb(decodedBytes));
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>'),
    Buffer.concat([Buffer.from(`<< /Length ${stream.length} ${spelling.entry} >>\nstream\n`), stream, Buffer.from('\nendstream')]),
    // The indirect filter's object (see FLATE_SPELLINGS.indirect); unused otherwise.
    Buffer.from('/FlateDecode'),
  ];
  return assemblePdf(objects);
}

/** How a bomb's stream names its filter, and the encoding its bytes then get. */
export type BombSpelling = { entry: string; encode: (deflated: Buffer) => Buffer };

/** ASCII base-85 (ISO 32000-1, 7.4.3), with its end marker. */
export function ascii85(data: Buffer): Buffer {
  let text = '';
  for (let index = 0; index < data.length; index += 4) {
    const chunk = Buffer.alloc(4);
    const size = data.copy(chunk, 0, index, index + 4);
    let value = chunk.readUInt32BE(0);
    if (value === 0 && size === 4) {
      text += 'z';
      continue;
    }
    const digits: string[] = [];
    for (let digit = 0; digit < 5; digit += 1) {
      digits.unshift(String.fromCharCode(33 + (value % 85)));
      value = Math.floor(value / 85);
    }
    text += digits.slice(0, size + 1).join('');
  }
  return Buffer.from(`${text}~>`, 'latin1');
}

/** Every way PDF lets a stream say it is Flate-encoded, which the decoded-size check must read alike. */
export const FLATE_SPELLINGS = {
  plain: { entry: '/Filter /FlateDecode', encode: (deflated) => deflated },
  abbreviated: { entry: '/Filter /Fl', encode: (deflated) => deflated },
  escaped: { entry: '/Filter /Flate#44ecode', encode: (deflated) => deflated },
  escapedKey: { entry: '/Fil#74er [/FlateDecode]', encode: (deflated) => deflated },
  afterHex: { entry: '/Filter [/AHx /Fl]', encode: (deflated) => Buffer.from(`${deflated.toString('hex')}>`) },
  afterBase85: { entry: '/Filter [/ASCII85Decode /FlateDecode]', encode: ascii85 },
  indirect: { entry: '/Filter 5 0 R', encode: (deflated) => deflated },
} satisfies Record<string, BombSpelling>;

/** LZW (ISO 32000-1, 7.4.4; EarlyChange 1) of `data`: what a /LZWDecode stream holds. */
export function lzwEncode(data: Buffer): Buffer {
  const writer = lzwWriter();
  let table = new Map<number, number>();
  let next = 258;
  // Each entry is a known code followed by one byte: keyed by both, as numbers.
  const reset = () => {
    table = new Map();
    next = 258;
    writer.setLength(9);
  };
  writer.emit(256);
  let current = -1;
  for (const byte of data) {
    if (current === -1) {
      current = byte;
      continue;
    }
    const known = table.get(current * 256 + byte);
    if (known !== undefined) {
      current = known;
      continue;
    }
    writer.emit(current);
    table.set(current * 256 + byte, next);
    next += 1;
    // The decoder adds its entries one code behind: its EarlyChange switch falls here.
    if (next >= 1 << writer.length()) {
      if (writer.length() < 12) writer.setLength(writer.length() + 1);
      else {
        writer.emit(256);
        reset();
      }
    }
    current = byte;
  }
  if (current !== -1) writer.emit(current);
  writer.emit(257);
  return writer.finish();
}

/**
 * An LZW bomb: `decodedBytes` zeros in a few kilobytes. Zeros encode as the codes of ever longer runs
 * (1, 2, 3... bytes), which is what lzwEncode would write, without reading the zeros one by one.
 */
export function lzwZeroBomb(decodedBytes: number): Buffer {
  const writer = lzwWriter();
  writer.emit(256);
  let written = 0;
  while (written < decodedBytes) {
    // One table's worth: 0 (one zero), then the new entries 258, 259... (runs of 2, 3... zeros).
    writer.setLength(9);
    let next = 258;
    let code = 0;
    let run = 1;
    while (written < decodedBytes) {
      // The last run is cut to what is left: the code of a shorter run is already in the table.
      const left = decodedBytes - written;
      if (left < run) {
        writer.emit(left === 1 ? 0 : 256 + left);
        written = decodedBytes;
        break;
      }
      writer.emit(code);
      written += run;
      code = next;
      run += 1;
      next += 1;
      if (next >= 1 << writer.length()) {
        if (writer.length() < 12) writer.setLength(writer.length() + 1);
        else {
          writer.emit(256);
          break;
        }
      }
    }
  }
  writer.emit(257);
  return writer.finish();
}

/** Codes of a changing bit length, packed high bit first. */
function lzwWriter() {
  const out: number[] = [];
  let bits = 0;
  let bitCount = 0;
  let codeLength = 9;
  return {
    length: () => codeLength,
    setLength(value: number) {
      codeLength = value;
    },
    emit(code: number) {
      bits = (bits << codeLength) | code;
      bitCount += codeLength;
      while (bitCount >= 8) {
        out.push((bits >>> (bitCount - 8)) & 0xff);
        bitCount -= 8;
        bits &= (1 << bitCount) - 1;
      }
    },
    finish() {
      if (bitCount > 0) out.push((bits << (8 - bitCount)) & 0xff);
      return Buffer.from(out);
    },
  };
}

/** A PDF that pdf.js reads slowly: many pages of many short text lines (2,000 a page by default). */
export function slowPdf(pages: number, linesPerPage = 2000): Buffer {
  return assemblePdf(pagesOfText(pages, linesPerPage));
}

function pagesOfText(pages: number, linesPerPage: number): Buffer[] {
  const kids = Array.from({ length: pages }, (_, index) => `${4 + index * 2} 0 R`).join(' ');
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
  ];
  const content = Buffer.from(['BT /F1 8 Tf 10 TL 20 820 Td', ...Array.from({ length: linesPerPage }, (_, line) => `(linea ${line} del texto) '`), 'ET'].join('\n'));
  for (let index = 0; index < pages; index += 1) {
    objects.push(Buffer.from(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + index * 2} 0 R >>`));
    objects.push(Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from('\nendstream')]));
  }
  return objects;
}

/**
 * A PDF that needs a password to open (Standard security handler, RC4 40-bit): its /U entry matches
 * no password, as for a document saved with a user password nobody here knows.
 */
export function passwordProtectedPdf(): Buffer {
  const hex = (bytes: number, seed: number) => Array.from({ length: bytes }, (_, index) => ((index * 37 + seed) & 0xff).toString(16).padStart(2, '0')).join('');
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>'),
    Buffer.from(`<< /Filter /Standard /V 1 /R 2 /O <${hex(32, 11)}> /U <${hex(32, 99)}> /P -44 >>`),
  ];
  return assemblePdf(objects, `/Encrypt 4 0 R /ID [<${hex(16, 5)}> <${hex(16, 5)}>]`);
}

/** Not a PDF, dressed as one: an HTML page with a PDF header and trailer around it. */
export function htmlDressedAsPdf(): Buffer {
  return Buffer.from('%PDF-1.4\n<html><body><script>alert(document.cookie)</script><p>hola</p></body></html>\n%%EOF\n');
}
