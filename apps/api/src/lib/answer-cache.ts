import type { PublicChanges, PublicContent } from './public-changes.js';
import { createTtlCache } from './ttl-cache.js';

/**
 * A cache of public answers that is never stale across instances: emptied by the change feed when
 * any instance changes the content the answers are made of, consulted only once the feed has caught
 * up with every change committed before the request, and bypassed while the feed is disconnected.
 */
export function createAnswerCache<V>(
  changes: Pick<PublicChanges, 'onChange' | 'caughtUp'>,
  options: { contents: readonly PublicContent[]; ttlMs: number; maxEntries: number; now?: () => number },
) {
  const entries = createTtlCache<V>(options);
  // Bumped on each change: an answer computed while a change arrived is not kept.
  let generation = 0;
  changes.onChange((change) => {
    if (change !== 'any' && !options.contents.includes(change)) return;
    generation += 1;
    entries.clear();
  });
  return {
    async get(key: string, compute: () => Promise<V>): Promise<V> {
      const trusted = await changes.caughtUp();
      if (trusted) {
        const cached = entries.get(key);
        if (cached !== undefined) return cached;
      }
      const started = generation;
      const value = await compute();
      if (trusted && generation === started) entries.set(key, value);
      return value;
    },
  };
}
