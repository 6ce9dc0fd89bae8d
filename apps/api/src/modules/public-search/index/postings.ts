// The index's building blocks: the postings of a lexeme, a word's norms as bitsets, and the parser of
// PostgreSQL's search documents. index/search-index.ts holds them; the strategies read them.

/** ts_rank's weights of the title's places (subject A, keywords B). */
export const WEIGHT_A = 1;
export const WEIGHT_B = 0.4;
export const FLAG_A = 1;
/** Matches fewer than 1 in this many norms of the dates' range are listed through their positions, not by a walk. */
export const SPARSE = 8;
/** A word with at most this many postings has its norms listed from them rather than by a walk of every norm. */
export const FEW_POSTINGS = 4096;
export const FLAG_B = 2;

/** A list of slots that only grows at its end (slots are handed out in increasing order). */
export class SlotList {
  slots = new Int32Array(2);
  length = 0;
  push(slot: number) {
    if (this.length === this.slots.length) {
      const grown = new Int32Array(this.slots.length * 2);
      grown.set(this.slots);
      this.slots = grown;
    }
    this.slots[this.length++] = slot;
  }
  has(slot: number): boolean {
    return this.indexOf(slot) >= 0;
  }
  /** Where the slot is in the list (binary search), or -1. */
  indexOf(slot: number): number {
    let low = 0;
    let high = this.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const value = this.slots[middle]!;
      if (value === slot) return middle;
      if (value < slot) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }
}

/** The title occurrences of a lexeme: norms, the rank each earns and whether in subject and/or keywords. */
export class TitleList extends SlotList {
  scores = new Float32Array(2);
  flags = new Uint8Array(2);
  add(slot: number, score: number, flags: number) {
    const at = this.length;
    this.push(slot);
    if (this.scores.length < this.slots.length) {
      const scores = new Float32Array(this.slots.length);
      scores.set(this.scores);
      this.scores = scores;
      const grown = new Uint8Array(this.slots.length);
      grown.set(this.flags);
      this.flags = grown;
    }
    this.scores[at] = score;
    this.flags[at] = flags;
  }
  flagsOf(slot: number): number {
    const at = this.indexOf(slot);
    return at < 0 ? 0 : this.flags[at]!;
  }
}

export interface Postings {
  /** Norms whose PDF text holds the lexeme. */
  text: SlotList;
  /** Norms whose subject or keywords hold it. */
  title: TitleList;
  /** The text norms as a bitset, kept for a lexeme found in many (made at its first search, kept up to date). */
  dense?: Bits;
  /**
   * The title norms as a bitset and their ranks by slot, kept for a lexeme in more than FEW_POSTINGS
   * titles ("barrio" in every subject): a search reads them in place instead of copying them.
   */
  wide?: { bits: Bits; scores: Float32Array };
}

/** A lexeme in more than this share of the norms keeps a bitset of them: one OR per 32 norms instead of one per norm. */
const DENSE_SHARE = 1 / 16;

/** One lexeme's occurrences in one document, as parsed from its text form. */
export interface Occurrence {
  lexeme: string;
  /** Weights of its positions, A first: [A count, B count, C or D count]. */
  counts: [number, number, number];
}

/**
 * The lexemes of a tsvector's text form: `'word':1A,3 'other':2B`. Quotes inside a lexeme are doubled
 * and backslashes escaped; a lexeme without positions (a stripped document) counts as one D.
 */
export function parseDocument(text: string): Occurrence[] {
  const occurrences: Occurrence[] = [];
  let at = 0;
  while (at < text.length) {
    if (text[at] !== "'") {
      at += 1;
      continue;
    }
    let lexeme = '';
    at += 1;
    while (at < text.length) {
      const character = text[at]!;
      if (character === '\\') {
        lexeme += text[at + 1] ?? '';
        at += 2;
      } else if (character === "'") {
        if (text[at + 1] === "'") {
          lexeme += "'";
          at += 2;
        } else {
          at += 1;
          break;
        }
      } else {
        lexeme += character;
        at += 1;
      }
    }
    const counts: [number, number, number] = [0, 0, 0];
    if (text[at] === ':') {
      at += 1;
      while (at < text.length && text[at] !== ' ') {
        // A position: digits and an optional weight letter, separated by commas.
        while (at < text.length && text[at]! >= '0' && text[at]! <= '9') at += 1;
        const weight = text[at];
        if (weight === 'A') counts[0] += 1;
        else if (weight === 'B') counts[1] += 1;
        else counts[2] += 1;
        if (weight === 'A' || weight === 'B' || weight === 'C' || weight === 'D') at += 1;
        if (text[at] === ',') at += 1;
      }
    } else {
      counts[2] += 1;
    }
    occurrences.push({ lexeme, counts });
  }
  return occurrences;
}

/**
 * What an occurrence in the title adds to a norm's rank for a word, after ts_rank: the heaviest
 * position counts fully, the next a quarter, the next a ninth...
 */
export function titleScore(counts: [number, number, number]): number {
  let score = 0;
  let position = 1;
  for (const [count, weight] of [
    [counts[0], WEIGHT_A],
    [counts[1], WEIGHT_B],
  ] as const) {
    for (let index = 0; index < count && position <= 8; index += 1, position += 1) score += weight / (position * position);
  }
  return score;
}

/** A word's norms: a bitset over slots (any place), and its title rank by slot (0: not in the title). */
export interface WordBits {
  any: Bits;
  title: Float32Array;
  /** The slots whose title rank is set in `title` (to clear them, and to list the title matches). */
  titled: SlotList;
  /** The title ranks by slot of its lexemes in many titles, read in place (see titleOf). */
  wide: Float32Array[];
  /** Title occurrences added, `titled` and `wide` together: at least the norms with the word in their title. */
  titledCount: number;
  /** Postings added: at least the number of norms matched. */
  postings: number;
}

export const emptyBits = (slots: number): WordBits => ({ any: new Uint32Array((slots + 31) >>> 5), title: new Float32Array(slots), titled: new SlotList(), wide: [], titledCount: 0, postings: 0 });

/** A word's title rank at a slot (0: not in the title): the best of its lexemes'. */
export function titleOf(word: WordBits, slot: number): number {
  let score = word.title[slot]!;
  for (let index = 0; index < word.wide.length; index += 1) {
    const other = word.wide[index]![slot]!;
    if (other > score) score = other;
  }
  return score;
}

/** Adds a lexeme's norms to a word's. */
export function addPostings(postings: Postings, bits: WordBits) {
  const { text, title } = postings;
  if (!postings.dense && text.length > bits.title.length * DENSE_SHARE) {
    postings.dense = new Uint32Array(bits.any.length);
    for (let index = 0; index < text.length; index += 1) setBit(postings.dense, text.slots[index]!);
  }
  if (postings.dense) {
    const { dense } = postings;
    for (let index = 0; index < dense.length; index += 1) bits.any[index]! |= dense[index]!;
  } else {
    for (let index = 0; index < text.length; index += 1) setBit(bits.any, text.slots[index]!);
  }
  bits.postings += text.length + title.length;
  bits.titledCount += title.length;
  if (title.length > FEW_POSTINGS) {
    // Made at its first search, and again when the slots outgrew it.
    if (!postings.wide || postings.wide.scores.length < bits.title.length) {
      const wide = { bits: new Uint32Array(bits.any.length), scores: new Float32Array(bits.title.length) };
      for (let index = 0; index < title.length; index += 1) {
        setBit(wide.bits, title.slots[index]!);
        wide.scores[title.slots[index]!] = title.scores[index]!;
      }
      postings.wide = wide;
    }
    const { wide } = postings;
    for (let index = 0; index < wide.bits.length; index += 1) bits.any[index]! |= wide.bits[index]!;
    bits.wide.push(wide.scores);
    return;
  }
  for (let index = 0; index < title.length; index += 1) {
    const slot = title.slots[index]!;
    setBit(bits.any, slot);
    // A word found through several lexemes (a prefix) ranks by its best one.
    const score = title.scores[index]!;
    if (bits.title[slot] === 0) bits.titled.push(slot);
    if (score > bits.title[slot]!) bits.title[slot] = score;
  }
}

/** A bitset over slots. */
export type Bits = Uint32Array;
/** How many bits of a 32-bit word are set. */
export function bitCount(value: number): number {
  let bits = value - ((value >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
export const setBit = (bits: Bits, slot: number) => (bits[slot >>> 5]! |= 1 << (slot & 31));
export const hasBit = (bits: Bits, slot: number) => (bits[slot >>> 5]! & (1 << (slot & 31))) !== 0;

/**
 * A small attribute of every slot (its type, its legal force): a code per slot, and each value's slots
 * as a bitset, made at the first search that filters by it and kept up to date.
 */
export class SlotAttribute {
  values = new Uint8Array(1024);
  private readonly codes = new Map<string, number>();
  private readonly bits = new Map<number, Bits>();

  codeOf(value: string): number | undefined {
    return this.codes.get(value);
  }

  set(slot: number, value: string): void {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.codes.size + 1;
      this.codes.set(value, code);
    }
    this.values[slot] = code;
    const bits = this.bits.get(code);
    if (bits && bits.length <= slot >>> 5) this.bits.delete(code);
    else if (bits) setBit(bits, slot);
  }

  /** The live slots with this code, as a bitset. */
  bitsOf(code: number, slotCount: number, alive: Uint8Array): Bits {
    let bits = this.bits.get(code);
    if (!bits) {
      bits = new Uint32Array((slotCount + 2048 + 31) >>> 5);
      for (let slot = 0; slot < slotCount; slot += 1) if (alive[slot] && this.values[slot] === code) setBit(bits, slot);
      this.bits.set(code, bits);
    }
    return bits;
  }

  move(from: number, to: number): void {
    this.values[to] = this.values[from]!;
  }

  /** After slots were renumbered. */
  dropBits(): void {
    this.bits.clear();
  }

  grow(size: number): void {
    const grown = new Uint8Array(size);
    grown.set(this.values);
    this.values = grown;
  }
}

/** The first index of a sorted list whose value is not below `value`. */
export function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
