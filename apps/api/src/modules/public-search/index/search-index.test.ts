import { describe, expect, it } from 'vitest';
import { parseDocument, SearchIndex, type IndexedNorm, type IndexQuery } from './search-index.js';

const DAY = 86_400_000;
const norm = (id: number, document: string | null, extra: Partial<IndexedNorm> = {}): IndexedNorm => ({
  id,
  createdAt: Date.UTC(2026, 0, 1) + id * DAY,
  type: 'ordinance',
  number: id,
  document,
  ...extra,
});
const query = (words: string[][][] | undefined, extra: Partial<IndexQuery> = {}): IndexQuery => ({ words, offset: 0, limit: 15, bound: 1000, ...extra });
const ids = (index: SearchIndex, q: IndexQuery) => index.search(q).matches.map((match) => match.id);
/** One word as one prefix. */
const word = (prefix: string) => [[prefix]];

describe('parseDocument', () => {
  it('reads lexemes, quotes and backslashes, and the weight of each position', () => {
    expect(parseDocument(`'camion':1A,4C 'o''higgins':2B 'a\\\\b':3 'sin'`)).toEqual([
      { lexeme: 'camion', counts: [1, 0, 1] },
      { lexeme: "o'higgins", counts: [0, 1, 0] },
      { lexeme: 'a\\b', counts: [0, 0, 1] },
      { lexeme: 'sin', counts: [0, 0, 1] },
    ]);
    expect(parseDocument('')).toEqual([]);
  });
});

describe('SearchIndex', () => {
  const index = new SearchIndex();
  // 1-3: the word in the PDF only; 4: in the subject twice; 5: in the subject once; 6: in the keywords.
  index.put(norm(1, `'semafor':5C 'aven':6C`));
  index.put(norm(2, `'semafor':5C 'rotond':7C`, { type: 'resolution' }));
  index.put(norm(3, `'semafor':5C 'aven':6C 'rotond':9C`));
  index.put(norm(4, `'semafor':1A,3A 'peatonal':4A`));
  index.put(norm(5, `'semafor':1A 'aven':2A`));
  index.put(norm(6, `'transit':1A 'semafor':3B`));
  index.put(norm(7, `'plaz':1A`));
  index.put(norm(8, null));

  it('puts title matches first by rank (subject above keywords), then the rest newest first', () => {
    expect(ids(index, query([word('semafor')]))).toEqual([4, 5, 6, 3, 2, 1]);
    expect(index.search(query([word('semafor')])).counted).toBe(6);
  });

  it('matches a lexeme by its start, and needs every word', () => {
    expect(ids(index, query([word('sema')]))).toEqual([4, 5, 6, 3, 2, 1]);
    expect(ids(index, query([word('semafor'), word('aven')]))).toEqual([5, 3, 1]);
    expect(ids(index, query([word('semafor'), word('zzz')]))).toEqual([]);
    expect(ids(index, query([]))).toEqual([]);
  });

  it('a word matches through any of its spellings, a split word only with all its parts', () => {
    expect(ids(index, query([[['zzz'], ['rotond']]]))).toEqual([3, 2]);
    expect(ids(index, query([[['aven', 'rotond']]]))).toEqual([3]);
  });

  it('says where every word matched', () => {
    const matches = index.search(query([word('semafor')])).matches;
    expect(matches.find((match) => match.id === 5)).toEqual({ id: 5, subject: true, keywords: false, pdf: false });
    expect(matches.find((match) => match.id === 6)).toEqual({ id: 6, subject: false, keywords: true, pdf: false });
    expect(matches.find((match) => match.id === 1)).toEqual({ id: 1, subject: false, keywords: false, pdf: true });
  });

  it('filters by type, number and created date (from inclusive, before exclusive)', () => {
    expect(ids(index, query([word('semafor')], { type: 'resolution' }))).toEqual([2]);
    expect(ids(index, query([word('semafor')], { type: 'decree' }))).toEqual([]);
    expect(ids(index, query([word('semafor')], { number: 3 }))).toEqual([3]);
    expect(ids(index, query([word('semafor')], { number: Number.NaN }))).toEqual([]);
    const day = (id: number) => Date.UTC(2026, 0, 1) + id * DAY;
    expect(ids(index, query([word('semafor')], { from: day(2), before: day(5) }))).toEqual([4, 3, 2]);
    expect(ids(index, query(undefined, { from: day(7) }))).toEqual([8, 7]);
  });

  it('lists without words newest first, and pages and bounds the count', () => {
    expect(ids(index, query(undefined))).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(ids(index, query(undefined, { offset: 2, limit: 3 }))).toEqual([6, 5, 4]);
    const bounded = index.search(query(undefined, { bound: 3, offset: 0, limit: 15 }));
    expect(bounded.counted).toBe(4);
    expect(bounded.matches.map((match) => match.id)).toEqual([8, 7, 6]);
    expect(ids(index, query([word('semafor')], { bound: 3, offset: 3 }))).toEqual([]);
  });

  it('replaces a norm put again and forgets a removed one, also after compacting thousands', () => {
    const many = new SearchIndex();
    for (let id = 1; id <= 3000; id += 1) many.put(norm(id, `'comun':1C 'k${id}z':2A`));
    many.put(norm(10, `'nuevo':1A`));
    expect(ids(many, query([word('k10z')]))).toEqual([]);
    expect(ids(many, query([word('nuevo')]))).toEqual([10]);
    for (let id = 1; id <= 2000; id += 1) if (id !== 10) many.remove(id);
    expect(many.size).toBe(1001);
    // More than a quarter of the slots are dead: the next search compacts.
    expect(ids(many, query([word('comun')]))).toEqual(Array.from({ length: 15 }, (_, i) => 3000 - i));
    expect(many.search(query([word('comun')])).counted).toBe(1000);
    expect(ids(many, query([word('k2500z')]))).toEqual([2500]);
    expect(ids(many, query([word('nuevo')]))).toEqual([10]);
    expect(ids(many, query([word('k1500z')]))).toEqual([]);
    many.put(norm(1500, `'vuelv':1A`));
    expect(ids(many, query([word('vuelv')]))).toEqual([1500]);
  });

  it('ranks among the newest 1,001 title matches also when a word is in thousands of subjects', () => {
    const titles = new SearchIndex();
    // Every subject says "barrio"; norms 4990-5000 say it twice (a better rank), norm 10 too but is too old to count.
    for (let id = 1; id <= 5000; id += 1) titles.put(norm(id, id >= 4990 || id === 10 ? `'barri':1A,3A` : `'barri':3A`));
    const page = titles.search(query([word('barr')]));
    expect(page.counted).toBe(1001);
    expect(page.matches.map((match) => match.id)).toEqual([5000, 4999, 4998, 4997, 4996, 4995, 4994, 4993, 4992, 4991, 4990, 4989, 4988, 4987, 4986]);
    expect(ids(titles, query([word('barr')], { offset: 990, limit: 15 }))).toEqual([4010, 4009, 4008, 4007, 4006, 4005, 4004, 4003, 4002, 4001]);
    expect(ids(titles, query([word('barr')], { offset: 1000 }))).toEqual([]);
  });

  it('keeps the ranks of a lexeme in thousands of titles right as norms come, change and go', () => {
    const titles = new SearchIndex();
    // Every subject says "barrio"; the PDFs of the even ones say "barrido"; norm 6000 says "barrido" in its subject.
    for (let id = 1; id <= 5000; id += 1) titles.put(norm(id, `'barri':3A${id % 2 ? '' : ` 'barrid':9C`}`));
    titles.put(norm(6000, `'barrid':1A`));
    // 'barr' reaches both lexemes; 'barrid' alone: 6000 in its title first, then the PDFs, newest first.
    expect(ids(titles, query([word('barr')], { limit: 3 }))).toEqual([6000, 5000, 4999]);
    expect(ids(titles, query([word('barrid')], { limit: 3 }))).toEqual([6000, 5000, 4998]);
    // After that first search kept the wide ranks: a new norm saying "barrio" twice ranks first, and
    // one put again without it in its subject leaves the title matches (found through its PDF).
    titles.put(norm(7000, `'barri':1A,2A`));
    titles.put(norm(5000, `'plaz':1A 'barrid':9C`));
    expect(ids(titles, query([word('barr')], { limit: 4 }))).toEqual([7000, 6000, 4999, 4998]);
    expect(ids(titles, query([word('barr'), word('plaz')]))).toEqual([5000]);
    // A word the parser splits in two, each part to be found: with the wide ranks added up, the norm
    // with both parts in its subject first, then the one with a part in its PDF.
    titles.put(norm(8000, `'barri':1A 'plaz':2A`));
    expect(ids(titles, query([[['barri', 'plaz']]]))).toEqual([8000, 5000]);
    // Thousands removed: the index compacts, and builds its wide ranks again.
    for (let id = 1; id <= 3000; id += 1) titles.remove(id);
    expect(ids(titles, query([word('barr')], { limit: 4 }))).toEqual([7000, 8000, 6000, 4999]);
    expect(titles.search(query([word('barri')])).counted).toBe(1001);
  });

  it('filters by legal force, with words and without, also when few norms have it', () => {
    const forces = new SearchIndex();
    for (let id = 1; id <= 3000; id += 1) forces.put(norm(id, `'tas':1A`, { legalForce: id % 1000 === 0 ? 'repealed' : id % 2 ? 'in_force' : 'partially_repealed' }));
    expect(ids(forces, query(undefined, { legalForce: 'repealed' }))).toEqual([3000, 2000, 1000]);
    expect(ids(forces, query([word('tas')], { legalForce: 'repealed', type: 'ordinance' }))).toEqual([3000, 2000, 1000]);
    expect(ids(forces, query(undefined, { legalForce: 'partially_repealed', limit: 2 }))).toEqual([2998, 2996]);
    expect(forces.search(query([word('tas')], { legalForce: 'in_force' })).counted).toBe(1001);
    expect(ids(forces, query(undefined, { legalForce: 'no-such' }))).toEqual([]);
    // A norm whose legal force changes is found under the new one only.
    forces.put(norm(2000, `'tas':1A`, { legalForce: 'in_force' }));
    expect(ids(forces, query(undefined, { legalForce: 'repealed' }))).toEqual([3000, 1000]);
  });

  it('finds a number among thousands without a walk, and forgets it with its norm', () => {
    const numbered = new SearchIndex();
    for (let id = 1; id <= 3000; id += 1) numbered.put(norm(id, null, { number: id % 1000, type: id % 2 ? 'ordinance' : 'decree' }));
    expect(ids(numbered, query(undefined, { number: 7 }))).toEqual([2007, 1007, 7]);
    expect(ids(numbered, query(undefined, { number: 7, type: 'ordinance' }))).toEqual([2007, 1007, 7]);
    expect(ids(numbered, query(undefined, { number: 8, type: 'ordinance' }))).toEqual([]);
    for (let id = 1; id <= 2000; id += 1) numbered.remove(id);
    expect(ids(numbered, query(undefined, { number: 7 }))).toEqual([2007]);
    numbered.put(norm(7, null, { number: 7 }));
    expect(ids(numbered, query(undefined, { number: 7 }))).toEqual([2007, 7]);
  });
});
