import { describe, expect, it } from 'vitest';
import { applyNewsColours, sanitizeNewsHtml } from './sanitize';

describe('sanitizeNewsHtml', () => {
  it.each([
    ['<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    ['<img src="x" onerror="alert(1)">', '<img src="x">'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<p style="background-image:url(javascript:alert(1))">x</p>', '<p>x</p>'],
  ])('drops what could run: %s', (input, expected) => {
    expect(sanitizeNewsHtml(input)).toBe(expected);
  });

  it('keeps the editor formatting, opens links apart and moves colours out of style attributes', () => {
    const html = sanitizeNewsHtml(
      '<p class="ql-align-center"><span style="color: rgb(230, 0, 0); background-color: #ffff00;">rojo</span> <a href="https://concejo.gob.ar">sitio</a></p>',
    );
    expect(html).toBe(
      '<p class="ql-align-center"><span data-color="rgb(230, 0, 0)" data-background="#ffff00">rojo</span> <a href="https://concejo.gob.ar" target="_blank" rel="noopener noreferrer">sitio</a></p>',
    );
    const root = document.createElement('div');
    root.innerHTML = html;
    applyNewsColours(root);
    expect(root.querySelector('span')!.style.color).toBe('rgb(230, 0, 0)');
    expect(root.querySelector('span')!.style.backgroundColor).toBe('rgb(255, 255, 0)');
  });

  it('keeps no style but plain colours', () => {
    expect(sanitizeNewsHtml('<span style="color: red; position: fixed; background-color: url(x)">x</span>')).toBe('<span data-color="red">x</span>');
    expect(sanitizeNewsHtml('<p data-style="x" style="color:blue">y</p>')).not.toContain('style=');
  });

  it('applies no colour value that is not a colour', () => {
    const root = document.createElement('div');
    root.innerHTML = '<span data-color="red; position: fixed">x</span>';
    applyNewsColours(root);
    expect(root.querySelector('span')!.getAttribute('style')).toBeNull();
  });
});
