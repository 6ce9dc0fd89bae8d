import type * as Docx from 'docx';
import type { AgendaPdfEntry, AgendaPdfInput } from './agenda-pdf.js';
import { xmlCharacters } from './xml.js';

/** Where an entry's text starts after its number ('2.1'), in twentieths of a point (0.75 cm). */
const NUMBER_TAB = 425;
const MUTED = '4A4A4A';

const text = (value: string) => xmlCharacters(value.normalize('NFC').replace(/[\t\r\n]+/g, ' '));

function entryParagraphs({ Paragraph, Tab, TabStopType, TextRun }: typeof Docx, label: string, entry: AgendaPdfEntry): Docx.Paragraph[] {
  /** An entry's number and the tab to its text. */
  const numbered = () => [new TextRun({ text: label, bold: true }), new TextRun({ children: [new Tab()] })];
  const indent = { left: NUMBER_TAB, hanging: NUMBER_TAB };
  const tabStops = [{ type: TabStopType.LEFT, position: NUMBER_TAB }];
  if (entry.kind === 'text') {
    return [new Paragraph({ indent, tabStops, spacing: { after: 160 }, children: [...numbered(), new TextRun(text(entry.text))] })];
  }
  const lines = [
    new Paragraph({ indent, tabStops, keepNext: true, children: [...numbered(), new TextRun({ text: `Cargo N° ${entry.cargo} – ${text(entry.typeLabel)}`, bold: true })] }),
    new Paragraph({ indent: { left: NUMBER_TAB }, keepNext: entry.authors.length > 0, spacing: { after: entry.authors.length ? 0 : 160 }, children: [new TextRun(text(entry.subject))] }),
  ];
  if (entry.authors.length) {
    lines.push(
      new Paragraph({
        indent: { left: NUMBER_TAB },
        spacing: { after: 160 },
        children: [new TextRun({ text: `${entry.authors.length > 1 ? 'Autores' : 'Autor'}: ${text(entry.authors.join(', '))}`, italics: true, color: MUTED, size: 20 })],
      }),
    );
  }
  return lines;
}

/**
 * The agenda (orden del día) as an editable Word document (DOCX), from the same input as its PDF
 * (agenda-pdf.ts): the heading, each numbered section with its numbered entries ('2.1', '2.2', ...) as
 * real headings and paragraphs the secretary can edit, and 'Página n de N' in the footer. Runs in the
 * document worker, as the PDF does.
 */
export async function renderAgendaDocx(input: AgendaPdfInput): Promise<Buffer> {
  // Loaded with the first agenda, as pdfkit is (agenda-pdf.ts).
  const docx = await import('docx');
  const { AlignmentType, Document, Footer, HeadingLevel, Packer, PageNumber, Paragraph, TextRun } = docx;
  const centered = (value: string, options: { bold?: boolean; size?: number } = {}) =>
    new Paragraph({ alignment: AlignmentType.CENTER, spacing: { after: 80 }, children: [new TextRun({ text: text(value), ...options })] });
  const heading = (value: string) => new Paragraph({ heading: HeadingLevel.HEADING_2, keepNext: true, spacing: { before: 240, after: 120 }, children: [new TextRun({ text: text(value), color: '1A1A1A' })] });

  const body: Docx.Paragraph[] = [
    centered(input.councilName, { bold: true, size: 30 }),
    new Paragraph({ heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER, spacing: { after: 120 }, children: [new TextRun({ text: 'Orden del Día', bold: true, size: 40, color: '1A1A1A' })] }),
    centered(input.sessionTypeLabel, { size: 24 }),
    centered(input.sessionDateText, { size: 24 }),
    heading(`${input.previousMinutes.number}. ${input.previousMinutes.title} N° ${input.previousMinutes.acta}`),
  ];
  for (const section of input.sections) {
    body.push(heading(`${section.number}. ${section.title}`));
    if (!section.entries.length) body.push(new Paragraph({ indent: { left: NUMBER_TAB }, children: [new TextRun({ text: input.emptySectionText, italics: true, color: MUTED })] }));
    section.entries.forEach((entry, index) => body.push(...entryParagraphs(docx, `${section.number}.${index + 1}`, entry)));
  }

  const document = new Document({
    creator: text(input.councilName),
    title: text(`Orden del Día - ${input.sessionTypeLabel} - ${input.sessionDateText}`),
    subject: 'Orden del Día',
    styles: { default: { document: { run: { font: 'Arial', size: 22, language: { value: 'es-AR' } } } } },
    sections: [
      {
        properties: { page: { size: { width: 11906, height: 16838 }, margin: { top: 1134, bottom: 1134, left: 1134, right: 1134 } } },
        footers: {
          default: new Footer({
            children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ children: ['Página ', PageNumber.CURRENT, ' de ', PageNumber.TOTAL_PAGES], size: 18, color: MUTED })] })],
          }),
        },
        children: body,
      },
    ],
  });
  return Packer.toBuffer(document);
}
