import { describe, expect, it, vi } from 'vitest';
import { TestClock } from '../../test/harness.js';
import { createUpstreamCache } from './upstream-cache.js';

function setup(load: () => Promise<string | null>) {
  const clock = new TestClock();
  const onError = vi.fn();
  const loadSpy = vi.fn(load);
  const cache = createUpstreamCache<string>({ load: loadSpy, clock, ttlMs: 600_000, minIntervalMs: 5_000, staleIfErrorMs: 3_600_000, onError });
  return { clock, cache, load: loadSpy, onError };
}

describe('createUpstreamCache', () => {
  it('serves an answer for 10 minutes, then asks again', async () => {
    const { clock, cache, load } = setup(async () => 'sesiones');
    expect(await cache.get()).toBe('sesiones');
    clock.advance(599_999);
    expect(await cache.get()).toBe('sesiones');
    expect(load).toHaveBeenCalledTimes(1);
    clock.advance(1);
    await cache.get();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('makes concurrent requests share one call', async () => {
    let release!: (value: string) => void;
    const { cache, load } = setup(() => new Promise((resolve) => (release = resolve)));
    const answers = Promise.all([cache.get(), cache.get(), cache.get()]);
    release('clima');
    expect(await answers).toEqual(['clima', 'clima', 'clima']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks a failing service at most once every 5 seconds', async () => {
    const { clock, cache, load, onError } = setup(async () => {
      throw new Error('503');
    });
    expect(await cache.get()).toBeNull();
    clock.advance(4_999);
    expect(await cache.get()).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
    clock.advance(1);
    expect(await cache.get()).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledTimes(2);
  });

  it('keeps the last good answer through a failed refresh for up to an hour', async () => {
    let fail = false;
    const { clock, cache } = setup(async () => {
      if (fail) throw new Error('timeout');
      return 'videos';
    });
    await cache.get();
    fail = true;
    clock.advance(11 * 60_000);
    expect(await cache.get()).toBe('videos');
    clock.advance(50 * 60_000);
    expect(await cache.get()).toBeNull();
  });

  it('caches "nothing to show" like any other answer', async () => {
    const { clock, cache, load } = setup(async () => null);
    expect(await cache.get()).toBeNull();
    clock.advance(60_000);
    expect(await cache.get()).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
