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
    });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers.etag).toBeTruthy();
  });
});
