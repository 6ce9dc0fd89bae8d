import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { measureHtml } from './html-bounds.js';

/** The deepest the parser's own stack of open elements gets (its private `stack`, read after each tag). */
function parserDepth(html: string): number {
  let deepest = 0;
  const parser: Parser = new Parser(
    {
      onopentagname: () => {
        deepest = Math.max(deepest, (parser as unknown as { stack: string[] }).stack.length);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return deepest;
}

/** A small deterministic generator (mulberry32), so a failing case can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Pieces of tag soup chosen to confuse a naive scanner: quotes, comments, raw-text elements, foreign
// content, self-closing syntax, implied closes, stray closing tags, entities.
const PIECES = [
  '<p>', '</p>', '<span>', '</span>', '<SPAN class="a">', '<li>', '</li>', '<ul>', '</ul>', '<ol>', '<div>', '</div>', '<br>', '</br>',
  '<img src=">">', '<img src="data:image/png;base64,AAAA">', '<a href=\'x>\'>', '</a>', '"', "'", '=', '>', '<', '</', '<!--', '-->', '<!x>',
  '<script>', '</script>', '<style>', '</style>', '<title>', '</title>', '<textarea>', '</textarea>', '<svg>', '</svg>', '<math>', '<b/>',
  '<table>', '<tr>', '<td>', '<h1>', '<select>', '<option>', '<dd>', '<foreignObject>', '</foreignObject>', '<desc>', '</math>', '<form>', '<![CDATA[', ']]>', '<?x?>', '&amp;', '&lt;span&gt;', 'texto ', '\n',
];

describe('measureHtml', () => {
  it('counts the open elements of what the editor makes', () => {
    expect(measureHtml('<p>Hola <strong><em>mundo</em></strong></p><ol><li class="ql-indent-1"><span style="color: red">x</span></li></ol>', 32).depth).toBe(3);
    expect(measureHtml('<p>uno<br>dos<img src="https://a.example/x.png"></p>', 32).depth).toBe(1);
    expect(measureHtml('', 32)).toEqual({ depth: 0, markupLength: 0 });
  });

  it('follows the parser: stray closing tags close nothing, a closing tag closes what was opened after it', () => {
    expect(measureHtml('</em></em><p>x</p>', 32).depth).toBe(1);
    expect(measureHtml(`<div>${'<span>'.repeat(10)}</div>${'<span>'.repeat(10)}`, 32).depth).toBe(11);
    expect(measureHtml('<p>a<p>b<p>c', 32).depth).toBe(1);
    expect(measureHtml('<ul><li>a<li>b<li>c</ul>', 32).depth).toBe(2);
  });

  it('stops at the first element past the limit, however long the rest', () => {
    const html = `${'<span>'.repeat(40)}${'x'.repeat(1_000_000)}`;
    expect(measureHtml(html, 32).depth).toBe(33);
  });

  it('counts the elements the parser opens inside a <style> or <textarea> of an svg (foreign content, not raw text)', () => {
    for (const raw of ['style', 'textarea', 'script', 'title']) {
      const html = `<svg><${raw}>${'<span>'.repeat(40)}`;
      expect(parserDepth(html), raw).toBeGreaterThan(32);
      expect(measureHtml(html, 32).depth, raw).toBe(33);
    }
  });

  it('counts the open elements the parser keeps, exactly (1,500 random tag soups)', () => {
    const next = random(20_260_302);
    for (let round = 0; round < 1_500; round += 1) {
      const pieces = Array.from({ length: 1 + Math.floor(next() * 60) }, () => PIECES[Math.floor(next() * PIECES.length)]!);
      const html = pieces.join('');
      expect(measureHtml(html, 1_000).depth, html).toBe(parserDepth(html));
    }
  });

  it('counts data-URL image payloads apart from text and tags', () => {
    const payload = 'A'.repeat(10_000);
    const html = `<p>Foto</p><p><img src="data:image/png;base64,${payload}"></p>`;
    expect(measureHtml(html, 32).markupLength).toBe(html.length - 'data:image/png;base64,'.length - payload.length);
    expect(measureHtml('<p>texto</p>', 32).markupLength).toBe('<p>texto</p>'.length);
  });
});
