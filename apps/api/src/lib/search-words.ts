// How the searches read what a person typed (the registry's SQL search in modules/regulations and the
// public search's index in modules/public-search read it alike).

/** The words a search reads of what a person typed: runs of letters and digits, at most 12, in lower case. */
export function typedWords(text: string): string[] {
  return (text.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12).map((word) => word.toLocaleLowerCase('es'));
}

/** A typed word with the accent of "-ción"/"-sión" put back: PostgreSQL's Spanish stemmer needs it. */
export function withAccentRestored(word: string): string {
  return word.replace(/([cs])ion$/, '$1ión');
}

/** The same folding as PostgreSQL's unaccent for Spanish text: á -> a, ñ -> n, ü -> u. */
export function removeAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').normalize('NFC');
}
