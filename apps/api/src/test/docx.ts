import { strFromU8, unzipSync } from 'fflate';
import { SaxesParser } from 'saxes';

/** The paragraphs of a DOCX as Word shows them (a tab as \t), and their styles, read with a strict XML parser. */
export function docxParagraphs(docx: Buffer | Uint8Array): { style: string; text: string }[] {
  const files = unzipSync(new Uint8Array(docx));
  for (const part of ['[Content_Types].xml', 'word/document.xml', 'word/styles.xml']) if (!files[part]) throw new Error(`not a Word document: no ${part}`);
  const parser = new SaxesParser({ xmlns: true });
  const paragraphs: { style: string; text: string }[] = [];
  let current: { style: string; text: string } | undefined;
  let inText = false;
  let inRun = false;
  parser.on('opentag', (tag) => {
    if (tag.name === 'w:p') current = { style: '', text: '' };
    if (tag.name === 'w:r') inRun = true;
    if (tag.name === 'w:pStyle' && current) current.style = String(tag.attributes['w:val'] && (tag.attributes['w:val'] as { value: string }).value);
    // A tab in a run is a character; one in the paragraph's properties is a tab stop.
    if (tag.name === 'w:tab' && current && inRun) current.text += '\t';
    if (tag.name === 'w:t') inText = true;
  });
  parser.on('text', (value) => {
    if (inText && current) current.text += value;
  });
  parser.on('closetag', (tag) => {
    if (tag.name === 'w:t') inText = false;
    if (tag.name === 'w:r') inRun = false;
    if (tag.name === 'w:p' && current) {
      if (current.text) paragraphs.push(current);
      current = undefined;
    }
  });
  parser.write(strFromU8(files['word/document.xml']!)).close();
  return paragraphs;
}
