import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_MEDIA_PATHS, sessionVideoListSchema, weatherSchema } from '@concejo/contracts';
import type { PublicMediaService } from './service.js';

const tags = ['public-media'];
/** Browsers may keep an answer 5 minutes; the server keeps it 10 and revalidation is a cheap 304. */
const BROWSER_CACHE_SECONDS = 300;
const nothingToShow = z.null().describe('Nothing to show: no key configured, or the service failed.');

export const publicMediaRoutes: FastifyPluginAsyncZod<{ media: PublicMediaService }> = async (app, { media }) => {
  /**
   * The council channel's latest videos (at most 3), from the video service through the server's cache.
   * 200 { items }; 204 when no key is configured or the service failed (not cached by browsers).
   */
  app.get(
    PUBLIC_MEDIA_PATHS.videos,
    {
      config: { access: 'public', publicCache: BROWSER_CACHE_SECONDS },
      schema: { tags, operationId: 'listSessionVideos', summary: "Get the council channel's latest videos", response: { 200: sessionVideoListSchema, 204: nothingToShow } },
    },
    async (_request, reply) => {
      const videos = await media.sessionVideos();
      return videos ? videos : reply.status(204).send(null);
    },
  );

  /**
   * The town's current weather from the weather service through the server's cache.
   * 200 { location, current }; 204 when no key is configured or the service failed.
   */
  app.get(
    PUBLIC_MEDIA_PATHS.weather,
    {
      config: { access: 'public', publicCache: BROWSER_CACHE_SECONDS },
      schema: { tags, operationId: 'getWeather', summary: "Get the town's current weather", response: { 200: weatherSchema, 204: nothingToShow } },
    },
    async (_request, reply) => {
      const weather = await media.currentWeather();
      return weather ? weather : reply.status(204).send(null);
    },
  );
};
