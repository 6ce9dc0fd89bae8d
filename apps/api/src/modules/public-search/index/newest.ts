import { SPARSE } from './postings.js';
import type { IndexPage, SearchIndex, SearchScope } from './search-index.js';

/** No words: the norms passing the filters, newest first. */
export function searchNewest(index: SearchIndex, { limit, passes, filters, start, end, page }: SearchScope): IndexPage {
  // A filter few norms pass (a rare legal force): listed through their positions, without a walk.
  if (filters.length) {
    const { bits, count } = index.intersection([], filters);
    if (count * SPARSE <= end - start) return page(index.inOrder(bits, start, end).filter(passes).slice(0, limit));
  }
  const newest: number[] = [];
  for (let position = start; position < end && newest.length < limit; position += 1) {
    const slot = index.order[position]!;
    if (passes(slot)) newest.push(slot);
  }
  return page(newest);
}
