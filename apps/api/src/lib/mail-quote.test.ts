import { describe, expect, it } from 'vitest';
import { OMITTED_LINK, QUOTE_MAX_LENGTH, quoteStrangerText } from './mail-quote.js';

describe('quoteStrangerText', () => {
  it('keeps a plain search as it is', () => {
    expect(quoteStrangerText('arbolado urbano')).toBe('arbolado urbano');
    // Numbers with dots, abbreviations and slashes are no links.
    expect(quoteStrangerText('Ley 25.326 art. 5 S.A. N° 12/2020')).toBe('Ley 25.326 art. 5 S.A. N° 12/2020');
  });

  it('puts the text on one line: line breaks, tabs and control characters become one space; invisible format characters go', () => {
    expect(quoteStrangerText('  tasas\r\n\r\nmunicipales\tde\u0085 2026\u2028y\u2029más\u0007 ')).toBe('tasas municipales de 2026 y más');
    expect(quoteStrangerText('pago\u202Eurgente\u200B')).toBe('pagourgente');
  });

  it('leaves nothing a mail reader would make clickable', () => {
    const hostile = [
      'https://pago-municipal.example.com/deuda',
      'HTTP://EVIL.EXAMPLE',
      'ftp://archivos.example',
      'www.concejo-pagos.com.ar',
      'WWW.EJEMPLO',
      'pago-municipal.com.ar/deuda',
      '(ver pagos.gob.ar)',
      'escriba a reclamos@estafa.com',
      'ｗｗｗ．ｅｊｅｍｐｌｏ．ｃｏｍ',
      'pagos\u3002example\u3002com',
      'pag\u200Bos.exam\u200Bple.com',
      'servidor 192.168.10.1 ahora',
    ];
    for (const text of hostile) {
      const quoted = quoteStrangerText(text);
      expect(quoted, text).toContain(OMITTED_LINK);
      expect(quoted, text).not.toMatch(/:\/\/|www|\.(?:com|ar|example)|@|\d+\.\d+\.\d+/i);
    }
    expect(quoteStrangerText('Pague ya en https://pago.example.com o www.pago.example.com')).toBe(`Pague ya en ${OMITTED_LINK} o ${OMITTED_LINK}`);
    expect(quoteStrangerText('https://a.example https://b.example')).toBe(OMITTED_LINK);
  });

  it(`shortens it to ${QUOTE_MAX_LENGTH} characters with an ellipsis, without splitting a character`, () => {
    const long = 'Su cuenta municipal será suspendida mañana si no regulariza la deuda hoy mismo';
    const quoted = quoteStrangerText(long);
    expect([...quoted]).toHaveLength(QUOTE_MAX_LENGTH);
    expect(quoted).toBe('Su cuenta municipal será suspendida mañana si no regulariza…');
    expect([...quoteStrangerText('😀'.repeat(100))]).toEqual([...'😀'.repeat(QUOTE_MAX_LENGTH - 1), '…']);
    expect(quoteStrangerText('x'.repeat(QUOTE_MAX_LENGTH))).toBe('x'.repeat(QUOTE_MAX_LENGTH));
  });
});
