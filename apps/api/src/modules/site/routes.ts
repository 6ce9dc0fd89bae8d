import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS, siteResponseSchema } from '@concejo/contracts';
import { unsetContactSettings, type Config } from '../../config.js';

export const siteRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  // Said once at start: the page then names fewer ways to reach the council than it could.
  const unset = unsetContactSettings(config.contact);
  if (unset.length) app.log.warn({ settings: unset }, `contact details not configured, left out of the site: ${unset.join(', ')}`);

  /**
   * The council's name, town, contact details, public profiles, time zone and which outside services
   * are set up, for the public pages. 200.
   */
  app.get(
    API_PATHS.site,
    {
      config: { access: 'public', publicCache: 300 },
      schema: {
        tags: ['site'],
        operationId: 'getSite',
        summary: "Get the council's name, town, contact details, social profiles and configured outside services",
        response: { 200: siteResponseSchema },
      },
    },
    async () => {
      const { weather, youtube } = config.media;
      return {
        council_name: config.council.name,
        town_name: config.council.town,
        town_region: config.council.region,
        social: config.social,
        services: { weather: Boolean(weather.apiKey), videos: Boolean(youtube.apiKey && youtube.channelId) },
        contact: config.contact,
        time_zone: config.council.timeZone,
      };
    },
  );
};
