
import { describe, expect, it } from 'vitest';
import { timed } from '../test/machine-speed.js';
import { expectInOrder, pdfToText } from '../test/pdftotext.js';
import { renderAgendaPdf, winAnsi, type AgendaPdfSection } from './agenda-pdf.js';

function agenda(itemsPerSection: number) {
  const sections: AgendaPdfSection[] = [2, 3, 4, 5, 6, 7, 8].map((number) => ({
    number,
    title: `Sección ${number}`,
    entries: Array.from({ length: itemsPerSection }, (_, index) =>
      number <= 4
        ? { kind: 'regulation' as const, cargo: number * 1000 + index, typeLabel: 'Ordenanza', subject: `Asunto ${number}.${index}: señalización y pavimentación de la avenida Güemes`, authors: ['Ana Rodríguez', 'José Muñoz'] }
        : { kind: 'text' as const, text: `Despacho ${number}.${index}: dictamen favorable sobre el expediente ${index}/2026` },
    ),
  }));
  return {
    councilName: 'Concejo Deliberante de Villa Ñandú',
    sessionTypeLabel: 'Sesión Ordinaria',
    sessionDateText: 'Martes, 10 de marzo de 2026, 19:00 h',
    previousMinutes: { number: 1, title: 'Acta anterior', acta: '7' },
    sections,
    emptySectionText: 'Sin asuntos.',
    createdAt: new Date('2026-03-02T12:00:00Z'),
  };
}

describe('renderAgendaPdf', () => {
  it('writes 150 items (and more) in well under a second, numbered in order over several pages', async () => {
    await renderAgendaPdf(agenda(1)); // fonts load once per process
    // Under a second on an idle machine, scaled by the machine's slowdown when it is loaded.
    const { value: pdf, ms, limitMs, factor } = await timed(1000, () => renderAgendaPdf(agenda(22))); // 154 items
    expect(ms, `slowdown x${factor.toFixed(1)}`).toBeLessThan(limitMs);
    const text = await pdfToText(pdf);
    const pages = Number(text.match(/Página 1 de (\d+)/)?.[1]);
    expect(pages).toBeGreaterThan(5);
    expectInOrder(text, ['Villa Ñandú', '2.1', 'Cargo N° 2000', '2.22', '3.1', '4.22', 'Cargo N° 4021', '8.22', `Página ${pages} de ${pages}`]);
  });

  it('is deterministic for the same input', async () => {
    expect((await renderAgendaPdf(agenda(2))).equals(await renderAgendaPdf(agenda(2)))).toBe(true);
  });
});

describe('winAnsi', () => {
  it('keeps Spanish text as it is', () => {
    expect(winAnsi('¿Año? ¡Sí! Ñandú, pingüino, “comillas” – N° 5 €')).toBe('¿Año? ¡Sí! Ñandú, pingüino, “comillas” – N° 5 €');
  });

  it('simplifies letters the standard fonts lack, drops pictographs and control characters', () => {
    expect(winAnsi('Łódź ă 🚧 fin\u0000\nlínea')).toBe('?ódz a  fin línea');
  });
});
