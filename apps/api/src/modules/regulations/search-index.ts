/**
 * The public search's inverted index, in this process's memory: every public norm's lexemes as
 * PostgreSQL stored them (its search document: subject A, keywords B, approved PDF C), each lexeme with
 * the norms that hold it. A search reads it without touching the database: a word matching most norms
 * is a few bitset operations over 100,000 norms, not a GIN scan and a visit to each row. The database
 * stays the source of truth: search-index-sync.ts keeps this copy equal to it, and what a person typed
 * becomes lexemes through PostgreSQL's own parser and stemmers (textQuery's configurations), so a word
 * matches here exactly what it matches there.
 */

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

/** ts_rank's weights of the title's places (subject A, keywords B). */
const WEIGHT_A = 1;
const WEIGHT_B = 0.4;
const FLAG_A = 1;
/** Matches fewer than 1 in this many norms of the dates' range are listed through their positions, not by a walk. */
const SPARSE = 8;
/** A word with at most this many postings has its norms listed from them rather than by a walk of every norm. */
const FEW_POSTINGS = 4096;
const FLAG_B = 2;

/** A list of slots that only grows at its end (slots are handed out in increasing order). */
class SlotList {
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
class TitleList extends SlotList {
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

interface Postings {
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
interface Occurrence {
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
function titleScore(counts: [number, number, number]): number {
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
interface WordBits {
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

const emptyBits = (slots: number): WordBits => ({ any: new Uint32Array((slots + 31) >>> 5), title: new Float32Array(slots), titled: new SlotList(), wide: [], titledCount: 0, postings: 0 });

/** A word's title rank at a slot (0: not in the title): the best of its lexemes'. */
function titleOf(word: WordBits, slot: number): number {
  let score = word.title[slot]!;
  for (let index = 0; index < word.wide.length; index += 1) {
    const other = word.wide[index]![slot]!;
    if (other > score) score = other;
  }
  return score;
}

/** Adds a lexeme's norms to a word's. */
function addPostings(postings: Postings, bits: WordBits) {
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
type Bits = Uint32Array;
/** How many bits of a 32-bit word are set. */
function bitCount(value: number): number {
  let bits = value - ((value >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
const setBit = (bits: Bits, slot: number) => (bits[slot >>> 5]! |= 1 << (slot & 31));
const hasBit = (bits: Bits, slot: number) => (bits[slot >>> 5]! & (1 << (slot & 31))) !== 0;

export class SearchIndex<L = unknown> {
  private ids = new Int32Array(1024);
  private created = new Float64Array(1024);
  /** Each slot's type, and its legal force. */
  private readonly types = new SlotAttribute();
  private readonly forces = new SlotAttribute();
  private numbers = new Int32Array(1024);
  private alive = new Uint8Array(1024);
  private slotCount = 0;
  private deadCount = 0;
  private readonly slotOf = new Map<number, number>();
  private readonly listings = new Map<number, L>();
  /** The slots of each number (live or dead: checked when read). */
  private readonly byNumber = new Map<number, number[]>();
  private readonly postings = new Map<string, Postings>();
  /** Lexemes in code-unit order, for prefix ranges; rebuilt after lexemes are added. */
  private vocabulary: string[] = [];
  private vocabularyStale = false;
  /** Live slots, newest first (created_at, then id, descending). */
  private order = new Int32Array(0);
  /** Each live slot's place in `order`. */
  private positionOf = new Int32Array(0);
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
   * elsewhere, newest first; without words, newest first. Counts up to `bound + 1`.
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
    // The type's and the legal force's norms, as bitsets (undefined: no such filter).
    const filters: Bits[] = [];
    if (type !== undefined) filters.push(this.types.bitsOf(type, this.slotCount, this.alive));
    if (force !== undefined) filters.push(this.forces.bitsOf(force, this.slotCount, this.alive));
    const [start, end] = this.dateRange(query.from, query.before);
    const page = (ordered: number[]): IndexPage => ({
      matches: ordered.slice(query.offset, Math.min(query.offset + query.limit, query.bound)).map((slot) => this.matchOf(slot, query.words)),
      counted: Math.min(ordered.length, limit),
    });

    if (!query.words && query.number !== undefined) {
      // A number is on a few norms at most: those, newest first.
      const slots = (this.byNumber.get(query.number) ?? []).filter((slot) => this.alive[slot] && this.numbers[slot] === query.number && passes(slot));
      const inRange = slots.filter((slot) => this.positionOf[slot]! >= start && this.positionOf[slot]! < end);
      return page(inRange.sort((a, b) => this.positionOf[a]! - this.positionOf[b]!));
    }
    if (!query.words) {
      // A filter few norms pass (a rare legal force): listed through their positions, without a walk.
      if (filters.length) {
        const { bits, count } = this.intersection([], filters);
        if (count * SPARSE <= end - start) return page(this.inOrder(bits, start, end).filter(passes).slice(0, limit));
      }
      const newest: number[] = [];
      for (let position = start; position < end && newest.length < limit; position += 1) {
        const slot = this.order[position]!;
        if (passes(slot)) newest.push(slot);
      }
      return page(newest);
    }
    if (query.words.length === 0) return { matches: [], counted: 0 };
    const words: WordBits[] = [];
    for (const [index, terms] of query.words.entries()) {
      const bits = this.bitsOf(terms, index);
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
    const { bits: all, count } = this.intersection(words, filters);
    if (count * SPARSE <= end - start) {
      const others: number[] = [];
      for (const slot of this.inOrder(all, start, end)) {
        if (!passes(slot)) continue;
        const score = titleScore(slot);
        if (score === 0) others.push(slot);
        else if (titles.length < limit) titles.push({ slot, score, position: this.positionOf[slot]! });
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
      for (let index = 0; index < fewestTitled.length; index += 1) {
        const slot = fewestTitled.slots[index]!;
        const position = this.positionOf[slot]!;
        if (!this.alive[slot] || position < start || position >= end) continue;
        const score = titleScore(slot);
        if (score > 0 && passes(slot)) titles.push({ slot, score, position });
      }
      titles.sort((a, b) => a.position - b.position);
      titles.length = Math.min(titles.length, limit);
    } else {
      for (let position = start; position < end && titles.length < limit; position += 1) {
        const slot = this.order[position]!;
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
      for (let index = 0; index < rarest.any.length; index += 1) {
        let bits = rarest.any[index]!;
        while (bits !== 0) {
          const low = bits & -bits;
          const slot = index * 32 + 31 - Math.clz32(low);
          bits ^= low;
          const position = this.positionOf[slot]!;
          if (this.alive[slot] && position >= start && position < end && isOther(slot)) candidates.push(slot);
        }
      }
      candidates.sort((a, b) => this.positionOf[a]! - this.positionOf[b]!);
      others.push(...candidates.slice(0, wanted));
    }
    for (let position = start; rarest.postings > FEW_POSTINGS && position < end && others.length < wanted; position += 1) {
      const slot = this.order[position]!;
      if (isOther(slot)) others.push(slot);
    }
    return ranked(others);
  }

  /** The AND of the words' norms and the filters' (at least one of either): in a reused array, with how many bits it has. */
  private intersection(words: WordBits[], filters: Bits[]): { bits: Bits; count: number } {
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
  private inOrder(bits: Bits, start: number, end: number): number[] {
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
  private bitsOf(word: WordTerms, place: number): WordBits | undefined {
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

/**
 * A small attribute of every slot (its type, its legal force): a code per slot, and each value's slots
 * as a bitset, made at the first search that filters by it and kept up to date.
 */
class SlotAttribute {
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
function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
