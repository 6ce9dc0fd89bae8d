import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { renderAgendaDocx } from './agenda-docx.js';
import type { AgendaPdfInput } from './agenda-pdf.js';
import { docxParagraphs as paragraphsOf } from '../test/docx.js';

const INPUT: AgendaPdfInput = {
  councilName: 'Concejo Deliberante de Villa Ñandú',
  sessionTypeLabel: 'Sesión Ordinaria',
  sessionDateText: 'Martes, 10 de marzo de 2026, 19:00 h',
  previousMinutes: { number: 1, title: 'Lectura y consideración del acta de la sesión anterior', acta: '7' },
  sections: [
    {
      number: 2,
      title: 'Comunicaciones oficiales',
      entries: [
        { kind: 'regulation', cargo: 2001, typeLabel: 'Ordenanza', subject: 'Poda del arbolado <b>y</b> "veredas" & cordones\u0007', authors: ['Ana Rodríguez', 'José Muñoz'] },
        { kind: 'regulation', cargo: 2002, typeLabel: 'Resolución', subject: 'Semáforo en Güemes y 9 de Julio', authors: ['Pedro Gil'] },
      ],
    },
    { number: 3, title: 'Asuntos entrados', entries: [] },
    { number: 4, title: 'Despachos de comisión', entries: [{ kind: 'text', text: 'Dictamen favorable sobre el expediente 12/2026 😀' }] },
  ],
  emptySectionText: 'Sin asuntos.',
  createdAt: new Date('2026-03-02T12:00:00Z'),
};

describe('renderAgendaDocx', () => {
  it('writes an editable orden del día: its heading, every section as a heading and every item in order, numbered', async () => {
    const paragraphs = paragraphsOf(await renderAgendaDocx(INPUT));
    expect(paragraphs.map((paragraph) => paragraph.text)).toEqual([
      'Concejo Deliberante de Villa Ñandú',
      'Orden del Día',
      'Sesión Ordinaria',
      'Martes, 10 de marzo de 2026, 19:00 h',
      '1. Lectura y consideración del acta de la sesión anterior N° 7',
      '2. Comunicaciones oficiales',
      '2.1\tCargo N° 2001 – Ordenanza',
      // Markup stays text; a control character XML cannot hold is dropped.
      'Poda del arbolado <b>y</b> "veredas" & cordones',
      'Autores: Ana Rodríguez, José Muñoz',
      '2.2\tCargo N° 2002 – Resolución',
      'Semáforo en Güemes y 9 de Julio',
      'Autor: Pedro Gil',
      '3. Asuntos entrados',
      'Sin asuntos.',
      '4. Despachos de comisión',
      // Unlike the PDF's standard fonts, Word keeps any character.
      '4.1\tDictamen favorable sobre el expediente 12/2026 😀',
    ]);
    expect(paragraphs.filter((paragraph) => paragraph.style === 'Heading2').map((paragraph) => paragraph.text)).toEqual([
      '1. Lectura y consideración del acta de la sesión anterior N° 7',
      '2. Comunicaciones oficiales',
      '3. Asuntos entrados',
      '4. Despachos de comisión',
    ]);
  });

  it('numbers its pages in the footer and names itself in its properties', async () => {
    const files = unzipSync(new Uint8Array(await renderAgendaDocx(INPUT)));
    const footer = Object.entries(files).find(([name]) => /^word\/footer\d*\.xml$/.test(name));
    expect(footer).toBeDefined();
    const footerXml = strFromU8(footer![1]);
    expect(footerXml).toContain('Página ');
    expect(footerXml).toMatch(/PAGE/);
    expect(footerXml).toMatch(/NUMPAGES/);
    expect(strFromU8(files['docProps/core.xml']!)).toContain('Orden del Día - Sesión Ordinaria - Martes, 10 de marzo de 2026, 19:00 h');
  });
});
