import { removeAccents } from './search-repository.js';

/** Most words of one fragment, and how many come before its first match. */
const FRAGMENT_WORDS = 28;
const WORDS_BEFORE = 8;
const MAX_FRAGMENTS = 2;
const DELIMITER = ' … ';
/** The marks around a matched word, as the presenter reads them (and as ts_headline wrote them). */
export const MATCH_START = '\u0002';
export const MATCH_END = '\u0003';

/**
 * Up to two short fragments of a PDF's text around the words that matched, each matched word between
 * MATCH_START and MATCH_END. A word of the text matches when, without accents and in lower case, it
 * starts with one of the lexeme prefixes of the search (the index's own test, so the marks fall on the
 * words that made the norm match). Linear in the text; null when no word of it matches.
 */
export function excerptOf(text: string, prefixes: readonly string[]): string | null {
  const folded = [...new Set(prefixes.map(fold))].filter((prefix) => prefix.length > 0);
  if (!folded.length) return null;
  // The text folded character by character (same length), so that a word's place is the same in both.
  const plain = fold(text);
  const starts: number[] = [];
  const ends: number[] = [];
  const matched: boolean[] = [];
  // Words as the search reads them: runs of letters and digits.
  for (let at = 0; at < text.length; ) {
    if (!isWordCharacter(text, at)) {
      at += 1;
      continue;
    }
    const start = at;
    while (at < text.length && isWordCharacter(text, at)) at += 1;
    starts.push(start);
    ends.push(at);
    matched.push(folded.some((prefix) => prefix.length <= at - start && plain.startsWith(prefix, start)));
  }
  const fragments: [number, number][] = [];
  for (let index = 0; index < starts.length && fragments.length < MAX_FRAGMENTS; index += 1) {
    const previousEnd = fragments.length ? fragments[fragments.length - 1]![1] : 0;
    if (!matched[index] || index < previousEnd) continue;
    const start = Math.max(previousEnd, index - WORDS_BEFORE);
    fragments.push([start, Math.min(starts.length, start + FRAGMENT_WORDS)]);
  }
  if (!fragments.length) return null;
  return fragments
    .map(([start, end]) => {
      let piece = '';
      for (let index = start; index < end; index += 1) {
        if (index > start) piece += text.slice(ends[index - 1], starts[index]).replace(/\s+/g, ' ');
        const shown = text.slice(starts[index], ends[index]);
        piece += matched[index] ? `${MATCH_START}${shown}${MATCH_END}` : shown;
      }
      return piece;
    })
    .join(DELIMITER);
}

const WORD_CHARACTER = /[\p{L}\p{N}\p{M}]/u;

/** Whether the code unit at `at` belongs to a word: an ASCII letter or digit without a regular expression, else by its Unicode class. */
function isWordCharacter(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code < 128) return (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122);
  // A surrogate pair's halves are tested as the pair.
  if (code >= 0xdc00 && code <= 0xdfff && at > 0) return WORD_CHARACTER.test(text.slice(at - 1, at + 1));
  return WORD_CHARACTER.test(code >= 0xd800 && code <= 0xdbff ? text.slice(at, at + 2) : text[at]!);
}

const folds = new Map<string, string>();

/**
 * Lower case without accents (á -> a, ñ -> n, ü -> u), one character for one, so that positions in
 * the folded text are positions in the original. A character whose folding is not one character stays.
 */
function fold(text: string): string {
  const lower = text.toLowerCase();
  const base = lower.length === text.length ? lower : text;
  return base.replace(/[^ -~\t\n\r]/g, (character) => {
    let folded = folds.get(character);
    if (folded === undefined) {
      const candidate = removeAccents(character).toLowerCase();
      folded = candidate.length === character.length ? candidate : character;
      if (folds.size < 4096) folds.set(character, folded);
    }
    return folded;
  });
}
