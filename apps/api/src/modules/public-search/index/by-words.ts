import { FEW_POSTINGS, SPARSE, hasBit, titleOf, type WordBits } from './postings.js';
import type { IndexPage, SearchIndex, SearchScope, WordTerms } from './search-index.js';

/**
 * A search with words: the norms whose subject or keywords hold every word first, best ranked first
 * among the newest `limit` of them, then those matching elsewhere, newest first.
 */
export function searchByWords(index: SearchIndex, { limit, passes, filters, start, end, page }: SearchScope, terms: WordTerms[]): IndexPage {
  if (terms.length === 0) return { matches: [], counted: 0 };
  const words: WordBits[] = [];
  for (const [place, word] of terms.entries()) {
    const bits = index.bitsOf(word, place);
    if (!bits) return { matches: [], counted: 0 };
    words.push(bits);
  }

  const titleScore = (slot: number) => {
    let score = 0;
    for (const word of words) {
      const wordScore = titleOf(word, slot);
      if (wordScore === 0) return 0;
      score += wordScore;
    }
    return score;
  };
  const titles: { slot: number; score: number; position: number }[] = [];
  const ranked = (others: number[]) => {
    titles.sort((a, b) => b.score - a.score || a.position - b.position);
    return page([...titles.map((title) => title.slot), ...others]);
  };

  // The norms holding every word somewhere, of the type asked. When they are few for the dates'
  // range, they are put in the list's order through their positions and split into title matches
  // (the newest `limit`, by rank) and the others (newest first): no walk that finds little.
  const { bits: all, count } = index.intersection(words, filters);
  if (count * SPARSE <= end - start) {
    const others: number[] = [];
    for (const slot of index.inOrder(all, start, end)) {
      if (!passes(slot)) continue;
      const score = titleScore(slot);
      if (score === 0) others.push(slot);
      else if (titles.length < limit) titles.push({ slot, score, position: index.positionOf[slot]! });
      else break;
    }
    return ranked(others.slice(0, limit - titles.length));
  }

  // Many: title matches (every word in the subject or keywords), the newest `limit` of them, by
  // rank: from the title norms of the word with fewest when they are few, else walking the norms
  // newest first (a prefix such as "barr" is in every subject that says "barrio").
  const fewest = words.reduce((fewest, word) => (word.titledCount < fewest.titledCount ? word : fewest));
  // (A word with few title occurrences has them all in `titled`: none of its lexemes is wide.)
  if (fewest.titledCount <= FEW_POSTINGS) {
    const fewestTitled = fewest.titled;
    for (let at = 0; at < fewestTitled.length; at += 1) {
      const slot = fewestTitled.slots[at]!;
      const position = index.positionOf[slot]!;
      if (!index.alive[slot] || position < start || position >= end) continue;
      const score = titleScore(slot);
      if (score > 0 && passes(slot)) titles.push({ slot, score, position });
    }
    titles.sort((a, b) => a.position - b.position);
    titles.length = Math.min(titles.length, limit);
  } else {
    for (let position = start; position < end && titles.length < limit; position += 1) {
      const slot = index.order[position]!;
      const score = titleScore(slot);
      if (score > 0 && passes(slot)) titles.push({ slot, score, position });
    }
  }

  // Then the norms matching elsewhere, newest first, as many as the count still takes: from the
  // rarest word's own norms when they are few, else walking the norms newest first.
  const others: number[] = [];
  const wanted = limit - titles.length;
  const rarest = words.reduce((fewest, word) => (word.postings < fewest.postings ? word : fewest));
  const isOther = (slot: number) => {
    let inTitle = true;
    for (const word of words) {
      if (!hasBit(word.any, slot)) return false;
      if (titleOf(word, slot) === 0) inTitle = false;
    }
    return !inTitle && passes(slot);
  };
  if (rarest.postings <= FEW_POSTINGS) {
    const candidates: number[] = [];
    for (let at = 0; at < rarest.any.length; at += 1) {
      let bits = rarest.any[at]!;
      while (bits !== 0) {
        const low = bits & -bits;
        const slot = at * 32 + 31 - Math.clz32(low);
        bits ^= low;
        const position = index.positionOf[slot]!;
        if (index.alive[slot] && position >= start && position < end && isOther(slot)) candidates.push(slot);
      }
    }
    candidates.sort((a, b) => index.positionOf[a]! - index.positionOf[b]!);
    others.push(...candidates.slice(0, wanted));
  }
  for (let position = start; rarest.postings > FEW_POSTINGS && position < end && others.length < wanted; position += 1) {
    const slot = index.order[position]!;
    if (isOther(slot)) others.push(slot);
  }
  return ranked(others);
}
