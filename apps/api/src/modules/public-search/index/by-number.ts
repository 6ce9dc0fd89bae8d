import type { IndexPage, SearchIndex, SearchScope } from './search-index.js';

/** A number without words: it is on a few norms at most, listed newest first. */
export function searchByNumber(index: SearchIndex, { passes, start, end, page }: SearchScope, number: number): IndexPage {
  const slots = (index.byNumber.get(number) ?? []).filter((slot) => index.alive[slot] && index.numbers[slot] === number && passes(slot));
  const inRange = slots.filter((slot) => index.positionOf[slot]! >= start && index.positionOf[slot]! < end);
  return page(inRange.sort((a, b) => index.positionOf[a]! - index.positionOf[b]!));
}
