import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache.js';
import type { PublicChange } from './public-changes.js';

/** A change feed under the test's hand: whether it has caught up, and changes to announce. */
function feed() {
  const listeners = new Set<(change: PublicChange) => void>();
  const state = { trusted: true };
  return {
    state,
    announce: (change: PublicChange) => listeners.forEach((listener) => listener(change)),
    onChange: (listener: (change: PublicChange) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    caughtUp: async () => state.trusted,
  };
}

describe('the answer cache says how each answer was had', () => {
  it('a miss computes and keeps, a hit does not compute, a change of its content empties it, another content does not', async () => {
    const changes = feed();
    const cache = createAnswerCache<string>(changes, { contents: ['regulations'], ttlMs: 60_000, maxEntries: 10 });
    let computed = 0;
    const compute = async () => `respuesta ${(computed += 1)}`;
    expect(await cache.lookup('a', compute)).toEqual({ value: 'respuesta 1', outcome: 'miss' });
    expect(await cache.lookup('a', compute)).toEqual({ value: 'respuesta 1', outcome: 'hit' });
    changes.announce('news');
    expect(await cache.lookup('a', compute)).toEqual({ value: 'respuesta 1', outcome: 'hit' });
    changes.announce('regulations');
    expect(await cache.lookup('a', compute)).toEqual({ value: 'respuesta 2', outcome: 'miss' });
  });

  it('keeps, when told to, only what is asked for a second time, and remembers what was asked across changes', async () => {
    const changes = feed();
    let time = 0;
    const cache = createAnswerCache<string>(changes, { contents: ['regulations'], ttlMs: 60_000, maxEntries: 2, now: () => time, keepFromSecondAsk: true });
    let computed = 0;
    const compute = async () => `respuesta ${(computed += 1)}`;
    expect(await cache.lookup('a', compute)).toEqual({ value: 'respuesta 1', outcome: 'miss' });
    expect(await cache.lookup('a', compute)).toEqual({ value: 'respuesta 2', outcome: 'miss' });
    expect(await cache.lookup('a', compute)).toEqual({ value: 'respuesta 2', outcome: 'hit' });
    // Questions asked once do not push the repeated one out of a cache of two.
    for (const key of ['b', 'c', 'd']) expect((await cache.lookup(key, compute)).outcome).toBe('miss');
    expect(await cache.lookup('a', compute)).toEqual({ value: 'respuesta 2', outcome: 'hit' });
    // After a change, a question asked before is kept at its next ask.
    changes.announce('regulations');
    expect(await cache.lookup('a', compute)).toEqual({ value: 'respuesta 6', outcome: 'miss' });
    expect(await cache.lookup('a', compute)).toEqual({ value: 'respuesta 6', outcome: 'hit' });
    // A question asked once is forgotten after the time to live.
    expect((await cache.lookup('e', compute)).outcome).toBe('miss');
    time += 60_000;
    expect((await cache.lookup('e', compute)).outcome).toBe('miss');
    expect((await cache.lookup('e', compute)).outcome).toBe('miss');
    expect((await cache.lookup('e', compute)).outcome).toBe('hit');
  });

  it('requests arriving while an answer is computed share that computation', async () => {
    const cache = createAnswerCache<string>(feed(), { contents: ['regulations'], ttlMs: 60_000, maxEntries: 10 });
    let release: (value: string) => void = () => {};
    let computed = 0;
    const slow = () => {
      computed += 1;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const first = cache.lookup('a', slow);
    const second = cache.lookup('a', slow);
    await new Promise((resolve) => setImmediate(resolve));
    release('una vez');
    expect(await first).toEqual({ value: 'una vez', outcome: 'miss' });
    expect(await second).toEqual({ value: 'una vez', outcome: 'shared' });
    expect(computed).toBe(1);
  });

  it('is bypassed while the change feed has not caught up: computed every time, nothing kept', async () => {
    const changes = feed();
    changes.state.trusted = false;
    const cache = createAnswerCache<number>(changes, { contents: ['regulations'], ttlMs: 60_000, maxEntries: 10 });
    let computed = 0;
    const compute = async () => (computed += 1);
    expect(await cache.lookup('a', compute)).toEqual({ value: 1, outcome: 'bypass' });
    changes.state.trusted = true;
    expect(await cache.lookup('a', compute)).toEqual({ value: 2, outcome: 'miss' });
  });
});
