import sharp from 'sharp';
import { assemblePdf } from './minimal-pdf.js';

/** A4 at 150 dpi: enough for OCR to read 14-point type, and small files. */
const WIDTH = 1240;
const HEIGHT = 1754;
const FONT_PX = 40;
const LINE_PX = 64;

const escapeXml = (text: string) => text.replace(/[<>&"]/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * A PDF as a scanner makes it: each page one grey JPEG image of its lines of text (drawn with Debian's
 * DejaVu fonts), and no text layer, so that only OCR can read it. Used by tests and by the demo data.
 */
export async function scannedPdf(pages: readonly (readonly string[])[]): Promise<Buffer> {
  const images = await Promise.all(pages.map((lines) => pageImage(lines)));
  // Objects: 1 catalog, 2 pages, then a page, its image and its content stream per page.
  const pageIds = pages.map((_, index) => 3 + index * 3);
  const bodies: (string | Buffer)[] = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`];
  for (const [index, image] of images.entries()) {
    const id = pageIds[index]!;
    const draw = Buffer.from('q 595 0 0 842 0 0 cm /Scan Do Q', 'latin1');
    bodies.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Scan ${id + 1} 0 R >> >> /Contents ${id + 2} 0 R >>`);
    bodies.push(
      Buffer.concat([
        Buffer.from(`<< /Type /XObject /Subtype /Image /Width ${WIDTH} /Height ${HEIGHT} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode /Length ${image.length} >>\nstream\n`, 'latin1'),
        image,
        Buffer.from('\nendstream', 'latin1'),
      ]),
    );
    bodies.push(Buffer.concat([Buffer.from(`<< /Length ${draw.length} >>\nstream\n`, 'latin1'), draw, Buffer.from('\nendstream', 'latin1')]));
  }
  return assemblePdf(bodies);
}

/** One page: black text on white, as a one-channel JPEG (what /DeviceGray declares). */
function pageImage(lines: readonly string[]): Promise<Buffer> {
  const text = lines.map((line, index) => `<text x="120" y="${200 + index * LINE_PX}">${escapeXml(line)}</text>`).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="100%" height="100%" fill="white"/>` +
    `<g font-family="DejaVu Sans, sans-serif" font-size="${FONT_PX}" fill="black">${text}</g></svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).toColourspace('b-w').jpeg({ quality: 85 }).toBuffer();
}
