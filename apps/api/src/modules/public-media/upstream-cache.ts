import type { Clock } from '../../lib/clock.js';

export interface UpstreamCacheOptions<T> {
  /** Asks the service once; resolves to null when it has nothing to give, rejects when it fails. */
  load: () => Promise<T | null>;
  clock: Clock;
  /** How long an answer is served without asking again (spec 9: 10 minutes). */
  ttlMs: number;
  /** The least time between two calls to the service, whatever happens (spec 9: 5 seconds). */
  minIntervalMs: number;
  /** How long the last good answer may stand in for a failed refresh. */
  staleIfErrorMs: number;
  onError: (error: unknown) => void;
}

/**
 * One cached answer of a third-party service, shared by every visitor of this instance. Fresh answers
 * are served from memory; concurrent requests share one call; calls are spaced by minIntervalMs even
 * when the service fails (a failing service is not hammered); a failed refresh serves the last good
 * answer while it is not too old, else null.
 */
export function createUpstreamCache<T>(options: UpstreamCacheOptions<T>) {
  const now = () => options.clock.now().getTime();
  let good: { value: T | null; at: number } | undefined;
  let lastCallAt = Number.NEGATIVE_INFINITY;
  let inflight: Promise<T | null> | undefined;

  const fallback = (): T | null => (good && now() - good.at < options.staleIfErrorMs ? good.value : null);

  const refresh = async (): Promise<T | null> => {
    lastCallAt = now();
    try {
      const value = await options.load();
      good = { value, at: now() };
      return value;
    } catch (error) {
      options.onError(error);
      return fallback();
    }
  };

  return {
    async get(): Promise<T | null> {
      if (good && now() - good.at < options.ttlMs) return good.value;
      if (inflight) return inflight;
      if (now() - lastCallAt < options.minIntervalMs) return fallback();
      inflight = refresh().finally(() => {
        inflight = undefined;
      });
      return inflight;
    },
  };
}
