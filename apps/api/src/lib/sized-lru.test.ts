import { describe, expect, it } from 'vitest';
import { SizedLru } from './sized-lru.js';

describe('SizedLru', () => {
  it('lets the least recently used go first when the values outgrow it', () => {
    const cache = new SizedLru<string, string>(10, (value) => value.length);
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    expect(cache.get('a')).toBe('aaaa'); // now the most recent
    cache.set('c', 'cccc');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['aaaa', undefined, 'cccc']);
    expect(cache.size).toBe(8);
  });

  it('replaces a value, and keeps none larger than the whole cache', () => {
    const cache = new SizedLru<string, string>(10, (value) => value.length);
    cache.set('a', 'aaaa');
    cache.set('a', 'aaaaaa');
    expect(cache.size).toBe(6);
    cache.set('huge', 'x'.repeat(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('a')).toBe('aaaaaa');
  });
});
