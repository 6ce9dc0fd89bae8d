/**
 * A small in-memory cache with a time to live and a size cap (oldest entries go first). Public answers
 * use it through answer-cache.ts, which empties it on every change from any instance.
 */
export function createTtlCache<V>(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: V; expires: number }>();
  return {
    get(key: string): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key: string, value: V): void {
      entries.delete(key);
      entries.set(key, { value, expires: now() + options.ttlMs });
      while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
    },
    clear(): void {
      entries.clear();
    },
  };
}
