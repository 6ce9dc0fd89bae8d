import sharp from 'sharp';
import { assemblePdf } from './minimal-pdf.js';

/** A4, in points. */
const PAGE = { width: 595, height: 842 };

export interface ScanOptions {
  /** The scanner's resolution: 150 dpi (the default) makes small files that OCR reads well in large type. */
  dpi?: number;
  /** The type's size in points (19 by default; a typed norm is about 12). */
  fontPt?: number;
}

const escapeXml = (text: string) => text.replace(/[<>&"]/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * A PDF as a scanner makes it: each page one grey JPEG image of its lines of text (drawn with Debian's
 * DejaVu fonts), and no text layer, so that only OCR can read it. Used by tests and by the demo data.
 */
export async function scannedPdf(pages: readonly (readonly string[])[], options: ScanOptions = {}): Promise<Buffer> {
  const dpi = options.dpi ?? 150;
  const size = { width: Math.round((PAGE.width * dpi) / 72), height: Math.round((PAGE.height * dpi) / 72) };
  const fontPx = Math.round(((options.fontPt ?? 19) * dpi) / 72);
  const images = await Promise.all(pages.map((lines) => pageImage(lines, size, fontPx, Math.round((60 * dpi) / 72))));
  // Objects: 1 catalog, 2 pages, then a page, its image and its content stream per page.
  const pageIds = pages.map((_, index) => 3 + index * 3);
  const bodies: (string | Buffer)[] = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`];
  for (const [index, image] of images.entries()) {
    const id = pageIds[index]!;
    const draw = Buffer.from(`q ${PAGE.width} 0 0 ${PAGE.height} 0 0 cm /Scan Do Q`, 'latin1');
    bodies.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /XObject << /Scan ${id + 1} 0 R >> >> /Contents ${id + 2} 0 R >>`);
    bodies.push(
      Buffer.concat([
        Buffer.from(`<< /Type /XObject /Subtype /Image /Width ${size.width} /Height ${size.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode /Length ${image.length} >>\nstream\n`, 'latin1'),
        image,
        Buffer.from('\nendstream', 'latin1'),
      ]),
    );
    bodies.push(Buffer.concat([Buffer.from(`<< /Length ${draw.length} >>\nstream\n`, 'latin1'), draw, Buffer.from('\nendstream', 'latin1')]));
  }
  return assemblePdf(bodies);
}

/** One page: black text on white, as a one-channel JPEG (what /DeviceGray declares). */
function pageImage(lines: readonly string[], size: { width: number; height: number }, fontPx: number, margin: number): Promise<Buffer> {
  const lineHeight = Math.round(fontPx * 1.6);
  const text = lines.map((line, index) => `<text x="${margin}" y="${margin * 1.6 + index * lineHeight}">${escapeXml(line)}</text>`).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}"><rect width="100%" height="100%" fill="white"/>` +
    `<g font-family="DejaVu Sans, sans-serif" font-size="${fontPx}" fill="black">${text}</g></svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).toColourspace('b-w').jpeg({ quality: 85 }).toBuffer();
}
