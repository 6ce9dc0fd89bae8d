/** One entry of an agenda section: a regulation, or a free text (a commission's dispatch). */
export type AgendaPdfEntry =
  | { kind: 'regulation'; cargo: number; typeLabel: string; subject: string; authors: readonly string[] }
  | { kind: 'text'; text: string };

export interface AgendaPdfSection {
  number: number;
  title: string;
  entries: readonly AgendaPdfEntry[];
}

export interface AgendaPdfInput {
  councilName: string;
  /** The session type in words ('Sesión Ordinaria', ...). */
  sessionTypeLabel: string;
  /** The session's date and time, already formatted for the council (es-AR, 24 h). */
  sessionDateText: string;
  /** Section 1: the title and the previous minutes' number. */
  previousMinutes: { number: number; title: string; acta: string };
  /** Sections 2 to 8, in order. */
  sections: readonly AgendaPdfSection[];
  emptySectionText: string;
  createdAt: Date;
}

const MARGIN = 56;
const NUMBER_COLUMN = 42;
const FOOTER_GAP = 28;
const TEXT_COLOR = '#1a1a1a';
const MUTED_COLOR = '#4a4a4a';
const RULE_COLOR = '#8a6d3b';

/**
 * Writes the agenda (orden del día) as an A4 PDF: heading, then each numbered section with its numbered
 * entries ('2.1', '2.2', ...), and 'Página n de N' on every page. The standard Helvetica fonts are
 * WinAnsi-encoded, which covers Spanish (á é í ó ú ñ ü ¿ ¡ °); anything outside it is replaced.
 * Runs in the document worker (documents.ts renderAgenda): a large agenda takes seconds.
 */
export async function renderAgendaPdf(input: AgendaPdfInput): Promise<Buffer> {
  // Loaded with the first agenda (with docx, half a second and 25 MB), not by every document worker as it starts.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_GAP, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: 'es-AR',
    displayTitle: true,
    info: {
      Title: winAnsi(`Orden del Día - ${input.sessionTypeLabel} - ${input.sessionDateText}`),
      Author: winAnsi(input.councilName),
      Subject: 'Orden del Día',
      CreationDate: input.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  /** Starts a new page unless `height` more points fit on this one. */
  const keep = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  // Heading.
  doc.fillColor(TEXT_COLOR).font('Helvetica-Bold').fontSize(15).text(winAnsi(input.councilName), left, doc.y, { width, align: 'center' });
  doc.moveDown(0.4).font('Helvetica-Bold').fontSize(20).text('Orden del Día', { width, align: 'center' });
  doc.moveDown(0.4).font('Helvetica').fontSize(12).text(winAnsi(input.sessionTypeLabel), { width, align: 'center' });
  doc.moveDown(0.2).text(winAnsi(input.sessionDateText), { width, align: 'center' });
  doc.moveDown(0.8);
  doc.moveTo(left, doc.y).lineTo(left + width, doc.y).lineWidth(1).strokeColor(RULE_COLOR).stroke();
  doc.moveDown(1);

  const sectionHeading = (number: number, title: string) => {
    doc.font('Helvetica-Bold').fontSize(12.5);
    const text = `${number}. ${winAnsi(title)}`;
    // A heading never ends a page alone: keep room for it and one line after it.
    keep(doc.heightOfString(text, { width }) + 30);
    doc.fillColor(TEXT_COLOR).text(text, left, doc.y, { width });
    doc.moveDown(0.35);
  };

  sectionHeading(input.previousMinutes.number, `${input.previousMinutes.title} N° ${input.previousMinutes.acta}`);
  doc.moveDown(0.6);

  for (const section of input.sections) {
    sectionHeading(section.number, section.title);
    if (!section.entries.length) {
      doc.font('Helvetica-Oblique').fontSize(11).fillColor(MUTED_COLOR).text(input.emptySectionText, left + NUMBER_COLUMN, doc.y, { width: width - NUMBER_COLUMN });
    }
    section.entries.forEach((entry, index) => writeEntry(doc, `${section.number}.${index + 1}`, entry, { left, width, keep }));
    doc.moveDown(0.8);
  }

  // Page numbers, written once the number of pages is known.
  const pages = doc.bufferedPageRange();
  for (let index = 0; index < pages.count; index += 1) {
    doc.switchToPage(pages.start + index);
    const savedBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED_COLOR)
      .text(`Página ${index + 1} de ${pages.count}`, left, doc.page.height - MARGIN, { width, align: 'center', lineBreak: false });
    doc.page.margins.bottom = savedBottom;
  }
  doc.end();
  return done;
}

function writeEntry(
  doc: PDFKit.PDFDocument,
  label: string,
  entry: AgendaPdfEntry,
  layout: { left: number; width: number; keep: (height: number) => void },
) {
  const x = layout.left + NUMBER_COLUMN;
  const width = layout.width - NUMBER_COLUMN;
  const lines: { font: string; size: number; color: string; text: string }[] =
    entry.kind === 'text'
      ? [{ font: 'Helvetica', size: 11, color: TEXT_COLOR, text: winAnsi(entry.text) }]
      : [
          { font: 'Helvetica-Bold', size: 11, color: TEXT_COLOR, text: `Cargo N° ${entry.cargo} – ${winAnsi(entry.typeLabel)}` },
          { font: 'Helvetica', size: 11, color: TEXT_COLOR, text: winAnsi(entry.subject) },
          ...(entry.authors.length
            ? [{ font: 'Helvetica-Oblique', size: 10, color: MUTED_COLOR, text: `${entry.authors.length > 1 ? 'Autores' : 'Autor'}: ${winAnsi(entry.authors.join(', '))}` }]
            : []),
        ];
  const height = lines.reduce((sum, line) => sum + doc.font(line.font).fontSize(line.size).heightOfString(line.text, { width }) + 1, 0);
  // Short entries stay on one page; a very long one may run on.
  layout.keep(Math.min(height, 200));
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(11).fillColor(TEXT_COLOR).text(label, layout.left, top, { width: NUMBER_COLUMN - 6, lineBreak: false });
  doc.y = top;
  lines.forEach((line, index) => {
    doc.font(line.font).fontSize(line.size).fillColor(line.color).text(line.text, x, index === 0 ? top : doc.y + 1, { width });
  });
  doc.moveDown(0.5);
}

// The characters WinAnsiEncoding has beyond Latin-1 (its 0x80-0x9F block).
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text the standard fonts can draw: WinAnsi characters kept, accents kept, the rest simplified or '?'. */
export function winAnsi(text: string): string {
  let result = '';
  for (const character of text.normalize('NFC').replace(/[\t\r\n]+/g, ' ')) {
    const code = character.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(character)) {
      result += character;
      continue;
    }
    // A letter with a mark WinAnsi lacks keeps its base letter; pictographs and controls are dropped.
    const base = character.normalize('NFD').replace(/\p{M}+/gu, '');
    if (base && [...base].every((part) => part.charCodeAt(0) >= 0x20 && part.charCodeAt(0) <= 0xff)) result += base;
    else if (!/[\p{Cc}\p{Cf}\p{So}\p{Sk}\p{Cs}\p{Co}]/u.test(character)) result += '?';
  }
  return result;
}
