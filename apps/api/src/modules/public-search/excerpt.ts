import { removeAccents } from '../../lib/search-words.js';

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
 * words that made the norm match). The matches are found with indexOf on the folded text, and only the
 * words of the fragments are read one by one; null when no word of it matches. `plain` is the text
 * as foldedText gives it (a caller that keeps texts keeps it too).
 */
export function excerptOf(text: string, prefixes: readonly string[], plain = foldedText(text)): string | null {
  const folded = [...new Set(prefixes.map(foldedText))].filter((prefix) => prefix.length > 0);
  if (!folded.length) return null;
  const matches = new Set<number>();
  for (const prefix of folded) {
    for (let at = plain.indexOf(prefix); at >= 0; at = plain.indexOf(prefix, at + 1)) {
      if (at > 0 && isWordCharacter(text, at - 1)) continue;
      if (wordEnd(text, at) - at >= prefix.length) matches.add(at);
    }
  }
  if (!matches.size) return null;
  const pieces: string[] = [];
  let after = 0;
  for (const match of [...matches].sort((a, b) => a - b)) {
    if (pieces.length === MAX_FRAGMENTS) break;
    if (match < after) continue;
    // Up to WORDS_BEFORE words back, not into the previous fragment.
    let start = match;
    for (let count = 0, at = match - 1; count < WORDS_BEFORE; count += 1) {
      while (at >= after && !isWordCharacter(text, at)) at -= 1;
      if (at < after) break;
      while (at >= after && isWordCharacter(text, at)) at -= 1;
      start = at + 1;
    }
    let piece = '';
    let previousEnd = -1;
    for (let count = 0, at = start; count < FRAGMENT_WORDS; count += 1) {
      while (at < text.length && !isWordCharacter(text, at)) at += 1;
      if (at >= text.length) break;
      const end = wordEnd(text, at);
      if (previousEnd >= 0) piece += text.slice(previousEnd, at).replace(/\s+/g, ' ');
      piece += matches.has(at) ? `${MATCH_START}${text.slice(at, end)}${MATCH_END}` : text.slice(at, end);
      previousEnd = end;
      at = end;
    }
    pieces.push(piece);
    after = previousEnd;
  }
  return pieces.join(DELIMITER);
}

/** Where the word starting at `at` ends. */
function wordEnd(text: string, at: number): number {
  let end = at;
  while (end < text.length && isWordCharacter(text, end)) end += 1;
  return end;
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
export function foldedText(text: string): string {
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
