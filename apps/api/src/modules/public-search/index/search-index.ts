/**
 * The public search's inverted index, in this process's memory: every public norm's lexemes as
 * PostgreSQL stored them (its search document: subject A, keywords B, approved PDF C), each lexeme with
 * the norms that hold it. A search reads it without touching the database: a word matching most norms
 * is a few bitset operations over 100,000 norms, not a GIN scan and a visit to each row. The database
 * stays the source of truth: index-sync.ts keeps this copy equal to it, and what a person typed
 * becomes lexemes through PostgreSQL's own parser and stemmers (textQuery's configurations), so a word
 * matches here exactly what it matches there.
 */

import { searchByNumber } from './by-number.js';
import { searchByWords } from './by-words.js';
import { searchNewest } from './newest.js';
import { FLAG_A, FLAG_B, SlotAttribute, SlotList, TitleList, addPostings, bitCount, emptyBits, lowerBound, parseDocument, setBit, titleOf, titleScore, type Bits, type Postings, type WordBits } from './postings.js';

export { parseDocument };

/**
 * A norm as the index holds it. `document` is the search document's text form (`'lexeme':1A,5C ...`);
 * `listing`, what a page of results shows of it, handed back as it was given (a page then needs no
 * database read but the PDF texts of its excerpts).
 */
export interface IndexedNorm<L = unknown> {
  id: number;
  /** Milliseconds since the epoch. */
  createdAt: number;
  type: string;
  number: number | null;
  /** The legal force (in_force when not given). */
  legalForce?: string;
  document: string | null;
  listing?: L;
}

/**
 * A typed word as lexeme prefixes: any of its variants (the spellings textQuery tries) matches, and a
 * variant matches when each of its prefixes starts a lexeme of the norm (a word PostgreSQL's parser
 * splits has several).
 */
export type WordTerms = string[][];

export interface IndexQuery {
  /** Every word must match; undefined lists without words (newest first). An empty list matches nothing. */
  words?: WordTerms[];
  type?: string;
  legalForce?: string;
  number?: number;
  /** Created at or after, in milliseconds. */
  from?: number;
  /** Created before, in milliseconds. */
  before?: number;
  offset: number;
  limit: number;
  /** Counting stops past this many matches. */
  bound: number;
}

export interface IndexMatch {
  id: number;
  /** Where every word matched, for a search: the subject, the keywords, the PDF's text. */
  subject: boolean;
  keywords: boolean;
  pdf: boolean;
}

export interface IndexPage {
  matches: IndexMatch[];
  /** How many match, counting at most `bound + 1`. */
  counted: number;
}

/** What every strategy is given: the query's filters resolved against the index, and how a page is cut. */
export interface SearchScope {
  /** Counting stops at this many (`bound + 1`). */
  limit: number;
  /** Whether a slot passes the type, legal force and number asked. */
  passes: (slot: number) => boolean;
  /** The type's and the legal force's norms, as bitsets (none: no such filter). */
  filters: Bits[];
  /** Positions in the list's order (newest first) of the dates' range: [start, end). */
  start: number;
  end: number;
  /** The page asked for, of these slots in the list's order, with their count. */
  page: (ordered: number[]) => IndexPage;
}

/**
 * The index itself: the norms' slots, their attributes and the postings of every lexeme, kept sorted
 * newest first. Its fields without `private` are read by the strategies (by-number.ts, newest.ts,
 * by-words.ts), which only read them.
 */
export class SearchIndex<L = unknown> {
  private ids = new Int32Array(1024);
  private created = new Float64Array(1024);
  /** Each slot's type, and its legal force. */
  readonly types = new SlotAttribute();
  readonly forces = new SlotAttribute();
  numbers = new Int32Array(1024);
  alive = new Uint8Array(1024);
  slotCount = 0;
  private deadCount = 0;
  private readonly slotOf = new Map<number, number>();
  private readonly listings = new Map<number, L>();
  /** The slots of each number (live or dead: checked when read). */
  readonly byNumber = new Map<number, number[]>();
  private readonly postings = new Map<string, Postings>();
  /** Lexemes in code-unit order, for prefix ranges; rebuilt after lexemes are added. */
  private vocabulary: string[] = [];
  private vocabularyStale = false;
  /** Live slots, newest first (created_at, then id, descending). */
  order = new Int32Array(0);
  /** Each live slot's place in `order`. */
  positionOf = new Int32Array(0);
  private orderStale = false;
  private readonly scratches: WordBits[] = [];
  private allScratch = new Uint32Array(0);
  private positionScratch = new Uint32Array(0);


  /** What a page shows of a norm it holds, as `put` was given it. */
  listingOf(id: number): L | undefined {
    return this.listings.get(id);
  }

  /** How many norms it holds. */
  get size(): number {
    return this.slotOf.size;
  }

  /** Adds a norm, or replaces what it held of it. */
  put(norm: IndexedNorm<L>): void {
    this.remove(norm.id);
    if (norm.listing !== undefined) this.listings.set(norm.id, norm.listing);
    const slot = this.slotCount;
    if (slot === this.ids.length) this.grow();
    this.slotCount += 1;
    this.ids[slot] = norm.id;
    this.created[slot] = norm.createdAt;
    this.types.set(slot, norm.type);
    this.forces.set(slot, norm.legalForce ?? 'in_force');
    this.numbers[slot] = norm.number ?? -1;
    if (norm.number !== null) {
      const slots = this.byNumber.get(norm.number);
      if (slots) slots.push(slot);
      else this.byNumber.set(norm.number, [slot]);
    }
    this.alive[slot] = 1;
    this.slotOf.set(norm.id, slot);
    for (const { lexeme, counts } of norm.document ? parseDocument(norm.document) : []) {
      let postings = this.postings.get(lexeme);
      if (!postings) {
        postings = { text: new SlotList(), title: new TitleList() };
        this.postings.set(lexeme, postings);
        this.vocabularyStale = true;
      }
      if (counts[2] > 0) {
        postings.text.push(slot);
        if (postings.dense) {
          if (postings.dense.length <= slot >>> 5) postings.dense = undefined;
          else setBit(postings.dense, slot);
        }
      }
      if (counts[0] + counts[1] > 0) {
        const score = titleScore(counts);
        postings.title.add(slot, score, (counts[0] > 0 ? FLAG_A : 0) | (counts[1] > 0 ? FLAG_B : 0));
        if (postings.wide) {
          if (postings.wide.scores.length <= slot) postings.wide = undefined;
          else {
            setBit(postings.wide.bits, slot);
            postings.wide.scores[slot] = score;
          }
        }
      }
    }
    this.orderStale = true;
  }

  /** Forgets a norm (no longer public, or deleted); its slot's postings are dropped at the next compaction. */
  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.alive[slot] = 0;
    this.slotOf.delete(id);
    this.listings.delete(id);
    this.deadCount += 1;
    this.orderStale = true;
  }

  /**
   * One page of matches in the list's order: with words, the norms whose subject or keywords hold
   * every word first, best ranked first among the newest `bound + 1` of them, then those matching
   * elsewhere, newest first (by-words.ts); without words, newest first (newest.ts), or a number's few
   * norms (by-number.ts). Counts up to `bound + 1`.
   */
  search(query: IndexQuery): IndexPage {
    this.settle();
    const limit = query.bound + 1;
    const type = query.type === undefined ? undefined : this.types.codeOf(query.type);
    const force = query.legalForce === undefined ? undefined : this.forces.codeOf(query.legalForce);
    if ((query.type !== undefined && type === undefined) || (query.legalForce !== undefined && force === undefined)) return { matches: [], counted: 0 };
    const passes = (slot: number) =>
      (type === undefined || this.types.values[slot] === type) &&
      (force === undefined || this.forces.values[slot] === force) &&
      (query.number === undefined || this.numbers[slot] === query.number);
    const filters: Bits[] = [];
    if (type !== undefined) filters.push(this.types.bitsOf(type, this.slotCount, this.alive));
    if (force !== undefined) filters.push(this.forces.bitsOf(force, this.slotCount, this.alive));
    const [start, end] = this.dateRange(query.from, query.before);
    const page = (ordered: number[]): IndexPage => ({
      matches: ordered.slice(query.offset, Math.min(query.offset + query.limit, query.bound)).map((slot) => this.matchOf(slot, query.words)),
      counted: Math.min(ordered.length, limit),
    });
    const scope: SearchScope = { limit, passes, filters, start, end, page };
    if (!query.words && query.number !== undefined) return searchByNumber(this, scope, query.number);
    if (!query.words) return searchNewest(this, scope);
    return searchByWords(this, scope, query.words);
  }

  /** The AND of the words' norms and the filters' (at least one of either): in a reused array, with how many bits it has. */
  intersection(words: WordBits[], filters: Bits[]): { bits: Bits; count: number } {
    let length = Infinity;
    for (const bits of [...words.map((word) => word.any), ...filters]) length = Math.min(length, bits.length);
    if (this.allScratch.length < length) this.allScratch = new Uint32Array(length);
    const bits = this.allScratch;
    let count = 0;
    for (let index = 0; index < length; index += 1) {
      let value = 0xffffffff;
      for (let place = 0; place < filters.length && value !== 0; place += 1) value &= filters[place]![index]!;
      for (let place = 0; place < words.length && value !== 0; place += 1) value &= words[place]!.any[index]!;
      bits[index] = value;
      if (value !== 0) count += bitCount(value);
    }
    bits.fill(0, length);
    return { bits, count };
  }

  /** The live slots of a bitset whose positions are in [start, end), in the list's order (newest first). */
  inOrder(bits: Bits, start: number, end: number): number[] {
    const words = (this.order.length + 31) >>> 5;
    if (this.positionScratch.length < words) this.positionScratch = new Uint32Array(words);
    const positions = this.positionScratch;
    positions.fill(0, 0, words);
    for (let index = 0; index < bits.length; index += 1) {
      let value = bits[index]!;
      while (value !== 0) {
        const low = value & -value;
        const slot = index * 32 + 31 - Math.clz32(low);
        value ^= low;
        if (!this.alive[slot]) continue;
        const position = this.positionOf[slot]!;
        if (position >= start && position < end) setBit(positions, position);
      }
    }
    const slots: number[] = [];
    for (let index = start >>> 5; index < words; index += 1) {
      let value = positions[index]!;
      while (value !== 0) {
        const low = value & -value;
        slots.push(this.order[index * 32 + 31 - Math.clz32(low)]!);
        value ^= low;
      }
    }
    return slots;
  }


  private matchOf(slot: number, words: WordTerms[] | undefined): IndexMatch {
    const id = this.ids[slot]!;
    if (!words) return { id, subject: false, keywords: false, pdf: false };
    const every = (test: (lexeme: Postings) => boolean) => words.every((word) => word.some((variant) => variant.every((prefix) => this.lexemesOf(prefix).some(test))));
    return {
      id,
      subject: every((postings) => (postings.title.flagsOf(slot) & FLAG_A) !== 0),
      keywords: every((postings) => (postings.title.flagsOf(slot) & FLAG_B) !== 0),
      pdf: every((postings) => postings.text.has(slot)),
    };
  }

  /**
   * A word's norms as a bitset (any place) and its title rank by slot (0 where its title lacks it), in
   * the scratch arrays of its place in the query (reused: a search allocates nothing per norm);
   * undefined when no lexeme starts as it does.
   */
  bitsOf(word: WordTerms, place: number): WordBits | undefined {
    const bits = this.scratch(place);
    let matchedAny = false;
    for (const variant of word) {
      if (variant.length === 1) {
        for (const postings of this.lexemesOf(variant[0]!)) {
          matchedAny = true;
          addPostings(postings, bits);
        }
        continue;
      }
      // Several prefixes that must all match (rare: a word the parser splits): built apart, then added.
      let common: WordBits | undefined;
      for (const prefix of variant) {
        const one = emptyBits(bits.title.length);
        for (const postings of this.lexemesOf(prefix)) addPostings(postings, one);
        // Combined slot by slot below: the wide lexemes' ranks copied in.
        for (let slot = 0; slot < one.title.length; slot += 1) one.title[slot] = titleOf(one, slot);
        one.wide = [];
        if (!common) common = one;
        else {
          for (let index = 0; index < common.any.length; index += 1) common.any[index]! &= one.any[index]!;
          for (let slot = 0; slot < common.title.length; slot += 1) common.title[slot] = one.title[slot]! > 0 && common.title[slot]! > 0 ? common.title[slot]! + one.title[slot]! : 0;
        }
      }
      if (!common) continue;
      matchedAny = true;
      for (let index = 0; index < bits.any.length; index += 1) bits.any[index]! |= common.any[index]!;
      for (let slot = 0; slot < bits.title.length; slot += 1) {
        if (common.title[slot]! <= bits.title[slot]!) continue;
        if (bits.title[slot] === 0) {
          bits.titled.push(slot);
          bits.titledCount += 1;
        }
        bits.title[slot] = common.title[slot]!;
      }
      bits.postings += common.postings;
    }
    return matchedAny ? bits : undefined;
  }

  /** Cleared arrays for the word at `place` of a query, as large as the slots. */
  private scratch(place: number): WordBits {
    let bits = this.scratches[place];
    if (!bits || bits.title.length < this.slotCount) {
      bits = emptyBits(this.slotCount + 2048);
      this.scratches[place] = bits;
    } else {
      bits.any.fill(0);
      for (let index = 0; index < bits.titled.length; index += 1) bits.title[bits.titled.slots[index]!] = 0;
      bits.titled.length = 0;
      bits.wide.length = 0;
      bits.titledCount = 0;
      bits.postings = 0;
    }
    return bits;
  }

  /** The postings of every lexeme starting with `prefix`. */
  private lexemesOf(prefix: string): Postings[] {
    const first = lowerBound(this.vocabulary, prefix);
    const found: Postings[] = [];
    for (let index = first; index < this.vocabulary.length && this.vocabulary[index]!.startsWith(prefix); index += 1) {
      found.push(this.postings.get(this.vocabulary[index]!)!);
    }
    return found;
  }

  /** Positions in `order` of the norms created in [from, before). */
  private dateRange(from: number | undefined, before: number | undefined): [number, number] {
    // Newest first: the norms created before `before` start where the dates fall under it.
    const newerThan = (limit: number) => {
      let low = 0;
      let high = this.order.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (this.created[this.order[middle]!]! >= limit) low = middle + 1;
        else high = middle;
      }
      return low;
    };
    return [before === undefined ? 0 : newerThan(before), from === undefined ? this.order.length : newerThan(from)];
  }

  /** Sorts what changed into the vocabulary and the order, and compacts when many slots are dead. */
  private settle() {
    if (this.deadCount > 1000 && this.deadCount > this.slotOf.size / 4) this.compact();
    if (this.vocabularyStale) {
      this.vocabulary = [...this.postings.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      this.vocabularyStale = false;
    }
    if (this.orderStale) {
      const live = new Int32Array(this.slotOf.size);
      let count = 0;
      for (let slot = 0; slot < this.slotCount; slot += 1) if (this.alive[slot]) live[count++] = slot;
      live.sort((a, b) => this.created[b]! - this.created[a]! || this.ids[b]! - this.ids[a]!);
      this.order = live;
      this.positionOf = new Int32Array(this.slotCount);
      for (let position = 0; position < live.length; position += 1) this.positionOf[live[position]!] = position;
      this.orderStale = false;
    }
  }

  /** Renumbers the live slots from 0, in the same order, and drops the postings of the dead ones. */
  private compact() {
    const renumbered = new Int32Array(this.slotCount).fill(-1);
    let next = 0;
    for (let slot = 0; slot < this.slotCount; slot += 1) {
      if (!this.alive[slot]) continue;
      renumbered[slot] = next;
      this.ids[next] = this.ids[slot]!;
      this.created[next] = this.created[slot]!;
      this.types.move(slot, next);
      this.forces.move(slot, next);
      this.numbers[next] = this.numbers[slot]!;
      this.alive[next] = 1;
      this.slotOf.set(this.ids[next]!, next);
      next += 1;
    }
    this.alive.fill(0, next);
    this.slotCount = next;
    this.types.dropBits();
    this.forces.dropBits();
    this.deadCount = 0;
    this.byNumber.clear();
    for (let slot = 0; slot < next; slot += 1) {
      const number = this.numbers[slot]!;
      if (number === -1) continue;
      const slots = this.byNumber.get(number);
      if (slots) slots.push(slot);
      else this.byNumber.set(number, [slot]);
    }
    for (const [lexeme, postings] of this.postings) {
      const text = new SlotList();
      for (let index = 0; index < postings.text.length; index += 1) {
        const slot = renumbered[postings.text.slots[index]!]!;
        if (slot >= 0) text.push(slot);
      }
      const title = new TitleList();
      for (let index = 0; index < postings.title.length; index += 1) {
        const slot = renumbered[postings.title.slots[index]!]!;
        if (slot >= 0) title.add(slot, postings.title.scores[index]!, postings.title.flags[index]!);
      }
      if (text.length + title.length === 0) {
        this.postings.delete(lexeme);
        this.vocabularyStale = true;
      } else this.postings.set(lexeme, { text, title });
    }
    this.orderStale = true;
  }

  private grow() {
    const size = this.ids.length * 2;
    const grown = <T extends Int32Array | Float64Array | Uint8Array>(array: T, make: (size: number) => T) => {
      const copy = make(size);
      copy.set(array);
      return copy;
    };
    this.ids = grown(this.ids, (n) => new Int32Array(n));
    this.created = grown(this.created, (n) => new Float64Array(n));
    this.types.grow(size);
    this.forces.grow(size);
    this.numbers = grown(this.numbers, (n) => new Int32Array(n));
    this.alive = grown(this.alive, (n) => new Uint8Array(n));
  }
}
