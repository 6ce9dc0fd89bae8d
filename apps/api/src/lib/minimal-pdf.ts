/**
 * Small, valid PDFs with the given lines of text (Helvetica, WinAnsi so that Spanish accents
 * survive). Used by tests and by the demo data; real documents come from the council.
 */
export function minimalPdf(lines: readonly string[]): Buffer {
  return pdfWithPages([lines]);
}

/** A PDF of several pages, each with its lines of text. */
export function pdfWithPages(pages: readonly (readonly string[])[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (character) => `\\${character}`);
  const pageCount = pages.length;
  // Objects: 1 catalog, 2 pages, 3 font, then a page and its content stream per page.
  const pageIds = pages.map((_, index) => 4 + index * 2);
  const bodies: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageCount} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  for (const [index, lines] of pages.entries()) {
    const stream = Buffer.from(['BT', '/F1 12 Tf', '14 TL', '56 780 Td', ...lines.map((line) => `(${escape(line)}) '`), 'ET'].join('\n'), 'latin1');
    bodies.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[index]! + 1} 0 R >>`);
    bodies.push(Buffer.concat([Buffer.from(`<< /Length ${stream.length} >>\nstream\n`, 'latin1'), stream, Buffer.from('\nendstream', 'latin1')]));
  }
  return assemblePdf(bodies);
}

/** A PDF that opens, exactly `size` bytes long: one page of text and an unused stream of spaces (an upload of any size). */
export function pdfOfSize(size: number): Buffer {
  const content = Buffer.from('BT\n/F1 12 Tf\n56 780 Td\n(Ordenanza de prueba) Tj\nET');
  const build = (filler: number) =>
    assemblePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
      Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from('\nendstream')]),
      Buffer.concat([Buffer.from(`<< /Length ${filler} >>\nstream\n`), Buffer.alloc(filler, 0x20), Buffer.from('\nendstream')]),
    ]);
  let filler = Math.max(0, size - build(0).length);
  // The lengths written in the file change its length by a few digits: two rounds settle it.
  for (let round = 0; round < 2; round += 1) filler += size - build(filler).length;
  const pdf = build(filler);
  if (pdf.length !== size) throw new Error(`pdfOfSize: made ${pdf.length} bytes instead of ${size}`);
  return pdf;
}

/** A PDF of these objects, numbered from 1 (the first is the catalog), with a correct cross-reference table. */
export function assemblePdf(bodies: readonly (string | Buffer)[], trailerExtra = ''): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  bodies.forEach((body, index) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [
    'xref',
    `0 ${bodies.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${bodies.length + 1} /Root 1 0 R ${trailerExtra}>>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}
