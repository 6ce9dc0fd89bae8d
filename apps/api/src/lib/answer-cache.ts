import type { PublicChanges, PublicContent } from './public-changes.js';
import { createTtlCache } from './ttl-cache.js';

/**
 * A cache of public answers that is never stale across instances: emptied by the change feed when
 * any instance changes the content the answers are made of, consulted only once the feed has caught
 * up with every change committed before the request, and bypassed while the feed is disconnected.
 */
export function createAnswerCache<V>(
  changes: Pick<PublicChanges, 'onChange' | 'caughtUp'>,
  options: {
    contents: readonly PublicContent[];
    ttlMs: number;
    maxEntries: number;
    now?: () => number;
    /** Whether an answer may be kept (a failure may be better tried again); every one by default. */
    keep?: (value: V) => boolean;
    /**
     * Keep an answer only when its key is asked for the second time within ttlMs (the keys asked, up to
     * ten times maxEntries, are remembered across changes): answers asked for once never take a place
     * from repeated ones, nor outlive their request.
     */
    keepFromSecondAsk?: boolean;
  },
) {
  const entries = createTtlCache<V>(options);
  const asked = options.keepFromSecondAsk ? createTtlCache<true>({ ttlMs: options.ttlMs, maxEntries: options.maxEntries * 10, now: options.now }) : undefined;
  // Bumped on each change: an answer computed while a change arrived is not kept.
  let generation = 0;
  // Answers being computed, by generation and key: many requests for one new answer compute it once,
  // and none made after a change joins a computation that began before it.
  const inFlight = new Map<string, Promise<V>>();
  changes.onChange((change) => {
    if (change !== 'any' && !options.contents.includes(change)) return;
    generation += 1;
    entries.clear();
  });

  async function computeAndKeep(key: string, compute: () => Promise<V>, trusted: boolean): Promise<V> {
    const started = generation;
    const value = await compute();
    if (!trusted || generation !== started || !(options.keep?.(value) ?? true)) return value;
    if (!asked || asked.get(key)) entries.set(key, value);
    else asked.set(key, true);
    return value;
  }

  /**
   * The answer for `key`, and how it was had: `hit` from the cache, `shared` from a computation another
   * request had begun, `miss` computed (and kept), `bypass` computed without the cache (the change feed
   * has not caught up, or is down).
   */
  async function lookup(key: string, compute: () => Promise<V>): Promise<{ value: V; outcome: CacheOutcome }> {
    const trusted = await changes.caughtUp();
    if (!trusted) return { value: await computeAndKeep(key, compute, false), outcome: 'bypass' };
    const cached = entries.get(key);
    if (cached !== undefined) return { value: cached, outcome: 'hit' };
    const flight = `${generation} ${key}`;
    const pending = inFlight.get(flight);
    if (pending) return { value: await pending, outcome: 'shared' };
    const computing = computeAndKeep(key, compute, true).finally(() => inFlight.delete(flight));
    inFlight.set(flight, computing);
    return { value: await computing, outcome: 'miss' };
  }

  return {
    lookup,
    async get(key: string, compute: () => Promise<V>): Promise<V> {
      return (await lookup(key, compute)).value;
    },
  };
}

export type CacheOutcome = 'hit' | 'shared' | 'miss' | 'bypass';
