import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteResponse } from '@concejo/contracts';
import { loadConfig, type Config } from '../../config.js';
import { capturingLogger, createTestApp, type TestContext } from '../../test/harness.js';

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
      // No COUNCIL_* settings and no demo data: no contact details.
      contact: { address: null, phone: null, email: null, hours: null },
      // TIMEZONE unset: the council's calendar is Buenos Aires'.
      time_zone: 'America/Argentina/Buenos_Aires',
    });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers.etag).toBeTruthy();
  });
});

/** GET /public/site's answer from an app of its own built with these settings. */
async function siteOf(overrides: Partial<Config>, options: Parameters<typeof createTestApp>[1] = {}): Promise<SiteResponse> {
  const other = await createTestApp(overrides, options);
  try {
    return (await other.app.inject({ url: '/api/v1/public/site' })).json<SiteResponse>();
  } finally {
    await other.close();
  }
}

describe('GET /public/site with outside services', () => {
  it.each([
    [{ WEATHER_API_KEY: 'k', YOUTUBE_API_KEY: 'k', YOUTUBE_CHANNEL_ID: 'UCconcejo' }, { weather: true, videos: true }],
    // A key without the channel fetches no videos.
    [{ YOUTUBE_API_KEY: 'k' }, { weather: false, videos: false }],
  ])('says which are set up (%o)', async (env, services) => {
    expect((await siteOf({ media: loadConfig(env).media })).services).toEqual(services);
  });
});

describe("GET /public/site: the council's contact details", () => {
  const env = {
    NODE_ENV: 'production',
    COUNCIL_ADDRESS: 'Hipólito Yrigoyen 1020, Villa del Parque',
    COUNCIL_PHONE: '+54 11 4586-1200',
    COUNCIL_EMAIL: 'mesadeentradas@concejo.gob.ar',
    COUNCIL_HOURS: 'Lunes a viernes de 7.30 a 13.30',
  };
  const warningsOf = (log: ReturnType<typeof capturingLogger>) => log.entries().filter((entry) => entry.level === 40 && String(entry.msg).includes('contact details'));

  it('gives the ones set, as text, and warns of nothing', async () => {
    const log = capturingLogger();
    expect((await siteOf({ contact: loadConfig(env).contact }, { logger: log.logger })).contact).toEqual({
      address: 'Hipólito Yrigoyen 1020, Villa del Parque',
      phone: '+54 11 4586-1200',
      email: 'mesadeentradas@concejo.gob.ar',
      hours: 'Lunes a viernes de 7.30 a 13.30',
    });
    expect(warningsOf(log)).toEqual([]);
  });

  it('gives null for the ones unset in production, and says which in one warning at start', async () => {
    const log = capturingLogger();
    const site = await siteOf({ contact: loadConfig({ NODE_ENV: 'production', COUNCIL_EMAIL: env.COUNCIL_EMAIL }).contact }, { logger: log.logger });
    expect(site.contact).toEqual({ address: null, phone: null, email: env.COUNCIL_EMAIL, hours: null });
    // pino's level 40: a warning.
    expect(warningsOf(log)).toEqual([
      expect.objectContaining({
        settings: ['COUNCIL_ADDRESS', 'COUNCIL_PHONE', 'COUNCIL_HOURS'],
        msg: 'contact details not configured, left out of the site: COUNCIL_ADDRESS, COUNCIL_PHONE, COUNCIL_HOURS',
      }),
    ]);
  });

  it('gives the demo ones where a setting is unset while DEMO_DATA is on', async () => {
    expect((await siteOf({ contact: loadConfig({ COUNCIL_PHONE: env.COUNCIL_PHONE }).contact })).contact).toEqual({
      address: 'Av. San Martín 450, Villa del Parque',
      phone: '+54 11 4586-1200',
      email: 'mesadeentradas@concejo.example',
      hours: 'Lunes a viernes de 8 a 14 h',
    });
  });
});
