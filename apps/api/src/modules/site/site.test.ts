import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createTestApp, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  const { social } = loadConfig({ SOCIAL_INSTAGRAM_URL: 'https://www.instagram.com/concejo.vdp', YOUTUBE_CHANNEL_ID: 'UCconcejo' });
  ctx = await createTestApp({ social });
});
afterAll(() => ctx.close());

describe('GET /public/site', () => {
  it("gives anyone the council's name, town and social profiles, cacheable", async () => {
    const response = await ctx.app.inject({ url: '/api/v1/public/site' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      council_name: 'Concejo Deliberante',
      town_name: 'Villa del Parque',
      town_region: 'Buenos Aires',
      social: { instagram: 'https://www.instagram.com/concejo.vdp', facebook: null, youtube: 'https://www.youtube.com/channel/UCconcejo' },
      // No keys: the home page leaves the weather and the videos out.
      services: { weather: false, videos: false },
    });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers.etag).toBeTruthy();
  });
});

describe('GET /public/site with outside services', () => {
  it.each([
    [{ WEATHER_API_KEY: 'k', YOUTUBE_API_KEY: 'k', YOUTUBE_CHANNEL_ID: 'UCconcejo' }, { weather: true, videos: true }],
    // A key without the channel fetches no videos.
    [{ YOUTUBE_API_KEY: 'k' }, { weather: false, videos: false }],
  ])('says which are set up (%o)', async (env, services) => {
    const app = await createTestApp({ media: loadConfig(env).media });
    try {
      expect((await app.app.inject({ url: '/api/v1/public/site' })).json().services).toEqual(services);
    } finally {
      await app.close();
    }
  });
});
