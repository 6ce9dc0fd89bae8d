import { describe, expect, it } from 'vitest';
import { z } from './zod.js';
import { hasControlCharacters, searchTextSchema, stripControlCharacters, TEXT_MESSAGES, textSchema } from './text.js';

const C0_REFUSED = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).filter((character) => !'\t\n\r'.includes(character));

describe('control characters in text', () => {
  it('finds every C0 control character but tab, line feed and carriage return, and DEL', () => {
    for (const character of [...C0_REFUSED, '\u007F']) expect(hasControlCharacters(`a${character}b`), character.charCodeAt(0).toString(16)).toBe(true);
    expect(hasControlCharacters('línea\tcon\r\nsaltos, acentos, ñ, € y emoji 📜')).toBe(false);
    // C1 controls and other invisible characters are a different matter (XML 1.0 allows them).
    expect(hasControlCharacters('\u0085\u200B')).toBe(false);
  });

  it('strips them and keeps everything else', () => {
    expect(stripControlCharacters(`Te${C0_REFUSED.join('')}ma\u007F\tcon\r\nsaltos`)).toBe('Tema\tcon\r\nsaltos');
  });

  it('refuses them in a text field with one Spanish message, before trimming or length rules', () => {
    const subject = textSchema({ error: 'El tema es obligatorio.' }).trim().min(1, { error: 'El tema es obligatorio.' }).max(5);
    expect(subject.safeParse('  \u0001  ').error?.issues.map((issue) => issue.message)).toEqual([TEXT_MESSAGES.controlCharacters]);
    expect(subject.safeParse('demasiado\u0007largo').error?.issues.map((issue) => issue.message)).toEqual([TEXT_MESSAGES.controlCharacters]);
    expect(subject.safeParse(' a\tb ').data).toBe('a\tb');
    expect(subject.safeParse(12).error?.issues.map((issue) => issue.message)).toEqual(['El tema es obligatorio.']);
  });

  it('drops them from a search box instead of refusing it', () => {
    const search = searchTextSchema(z.string().trim().max(8).optional());
    expect(search.parse('  arbo\u0000lado\u001b ')).toBe('arbolado');
    expect(search.parse(undefined)).toBeUndefined();
    expect(search.safeParse('arbolado1\u0001').success).toBe(false);
  });
});
