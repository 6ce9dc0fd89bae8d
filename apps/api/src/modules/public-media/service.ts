import type { SessionVideoList, Weather } from '@concejo/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { createUpstreamCache } from './upstream-cache.js';
import { loadWeather } from './weather.js';
import { loadSessionVideos } from './youtube.js';

/** Spec 9: answers kept 10 minutes, the service asked at most once every 5 seconds. */
export const MEDIA_CACHE_TTL_MS = 10 * 60_000;
export const MEDIA_MIN_INTERVAL_MS = 5_000;
/** A failed refresh keeps showing the last good answer for up to an hour. */
export const MEDIA_STALE_IF_ERROR_MS = 60 * 60_000;

export interface PublicMediaDependencies {
  settings: Config['media'];
  clock: Clock;
  log: FastifyBaseLogger;
}

/** The home page's session videos and weather, proxied so that the API keys stay on the server. */
export function createPublicMediaService({ settings, clock, log }: PublicMediaDependencies) {
  const common = { clock, ttlMs: MEDIA_CACHE_TTL_MS, minIntervalMs: MEDIA_MIN_INTERVAL_MS, staleIfErrorMs: MEDIA_STALE_IF_ERROR_MS };
  const videos = createUpstreamCache<SessionVideoList>({
    ...common,
    load: () => loadSessionVideos(settings.youtube),
    onError: (error) => log.warn({ err: error }, 'video service unavailable'),
  });
  const weather = createUpstreamCache<Weather>({
    ...common,
    load: () => loadWeather(settings.weather),
    onError: (error) => log.warn({ err: error }, 'weather service unavailable'),
  });
  return {
    /** The channel's latest videos, or null when there is nothing to show. */
    sessionVideos: () => videos.get(),
    /** The town's current weather, or null when there is nothing to show. */
    currentWeather: () => weather.get(),
  };
}

export type PublicMediaService = ReturnType<typeof createPublicMediaService>;
