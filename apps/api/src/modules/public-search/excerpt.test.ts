import { describe, expect, it } from 'vitest';
import { excerptOf, MATCH_END, MATCH_START } from './excerpt.js';

const marked = (text: string | null) => text?.replaceAll(MATCH_START, '[').replaceAll(MATCH_END, ']');

describe('excerptOf', () => {
  it('marks the words that start with a prefix, whatever their accents and case', () => {
    expect(marked(excerptOf('Queda prohibida la Circulación de CAMIONES por la plaza.', ['circul', 'camion']))).toBe(
      'Queda prohibida la [Circulación] de [CAMIONES] por la plaza',
    );
    expect(marked(excerptOf('El año del ñandú', ['nandu']))).toBe('El año del [ñandú]');
  });

  it('cuts up to two fragments of 28 words around the matches, joined by an ellipsis', () => {
    const filler = (count: number, from: number) => Array.from({ length: count }, (_, index) => `p${from + index}`).join(' ');
    const text = `${filler(40, 0)} semáforo ${filler(60, 100)} semáforos ${filler(40, 200)} semaforizar ${filler(10, 300)}`;
    const excerpt = marked(excerptOf(text, ['semafor']))!;
    const [first, second, third] = excerpt.split(' … ');
    expect(third).toBeUndefined();
    expect(first!.split(' ')).toHaveLength(28);
    expect(first!.startsWith('p32 ')).toBe(true);
    expect(first).toContain('[semáforo]');
    expect(second).toContain('[semáforos]');
    expect(excerpt).not.toContain('semaforizar');
  });

  it('is null when no word matches, or nothing was searched', () => {
    expect(excerptOf('Texto sin la palabra.', ['semafor'])).toBeNull();
    expect(excerptOf('Texto.', [])).toBeNull();
    // A prefix longer than the word is no match.
    expect(excerptOf('Cam y más', ['camion'])).toBeNull();
  });
});
