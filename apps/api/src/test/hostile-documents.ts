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
export function deflateBombPdf(decodedBytes: number): Buffer {
  const stream = zlibBomb(decodedBytes);
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>'),
    Buffer.concat([Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`), stream, Buffer.from('\nendstream')]),
  ];
  return assemblePdf(objects);
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
