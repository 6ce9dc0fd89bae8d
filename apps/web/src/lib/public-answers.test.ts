import { describe, expect, it } from 'vitest';
import { field, fields, listAnswer, objectAnswer, optionalObjectAnswer, pageAnswer } from './public-answers';

const weather = fields({ 'location.name': 'string', 'current.temp_c': 'number', items: 'array' });

describe('public answers checked by hand', () => {
  it('reads dotted paths and stops at anything that is not an object', () => {
    expect(field({ a: { b: { c: 3 } } }, 'a.b.c')).toBe(3);
    expect(field({ a: [1] }, 'a.0')).toBeUndefined();
    expect(field(null, 'a')).toBeUndefined();
  });

  it('accepts an answer with the fields the page reads and keeps it whole', () => {
    const answer = { location: { name: 'Villa del Parque' }, current: { temp_c: 21.4 }, items: [], extra: true };
    expect(objectAnswer('the weather', weather).parse(answer)).toBe(answer);
  });

  it.each([
    ['a list', []],
    ['null', null],
    ['a string', '<html>proxy error</html>'],
    ['a wrong type', { location: { name: 'X' }, current: { temp_c: '21' }, items: [] }],
    ['a missing field', { location: {}, current: { temp_c: 21 }, items: [] }],
  ])('refuses %s instead of letting the page crash on it', (_case, answer) => {
    expect(() => objectAnswer('the weather', weather).parse(answer)).toThrow(/expected the weather/);
  });

  it('checks every item of a list', () => {
    const banners = listAnswer('banners', fields({ id: 'number' }));
    expect(banners.parse([{ id: 1 }, { id: 2 }])).toHaveLength(2);
    expect(() => banners.parse([{ id: 1 }, { id: '2' }])).toThrow(/a list of banners/);
    expect(() => banners.parse({ id: 1 })).toThrow();
  });

  it('takes no content (204) as nothing to show, but not a wrong answer', () => {
    const parser = optionalObjectAnswer('the weather', weather);
    expect(parser.parse(undefined)).toBeUndefined();
    expect(() => parser.parse({ council_name: 'Concejo' })).toThrow(/or no content/);
  });

  it('checks a page of a list: its counts and every row', () => {
    const norms = pageAnswer<{ data: { id: number }[] }>('norms', fields({ id: 'number' }));
    const page = { data: [{ id: 1 }], current_page: 1, last_page: 1, total: 1, per_page: 15 };
    expect(norms.parse(page)).toBe(page);
    expect(() => norms.parse({ ...page, data: [{ id: '1' }] })).toThrow(/a page of norms/);
    expect(() => norms.parse({ ...page, last_page: '1' })).toThrow(/a page of norms/);
    expect(() => norms.parse([{ id: 1 }])).toThrow(/a page of norms/);
  });
});
