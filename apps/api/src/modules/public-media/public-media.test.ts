import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { startFakeServices, weatherAnswer, youtubeSearchAnswer } from './fake-services.js';
import { MEDIA_CACHE_TTL_MS, MEDIA_MIN_INTERVAL_MS, MEDIA_STALE_IF_ERROR_MS } from './service.js';
import { UPSTREAM_TIMEOUT_MS } from './upstream.js';

const YOUTUBE_KEY = 'AIzaSy-youtube-secret-key';
const WEATHER_KEY = 'weather-secret-key-0123';

let fake: Awaited<ReturnType<typeof startFakeServices>>;
let ctx: TestContext;
let keyless: TestContext;

beforeAll(async () => {
  fake = await startFakeServices();
  const base = testConfig();
  ctx = await createTestApp({
    media: {
      youtube: { apiKey: YOUTUBE_KEY, channelId: 'UCconcejoVillaDelParque00', apiUrl: fake.youtubeApiUrl },
      weather: { apiKey: WEATHER_KEY, query: 'Villa del Parque, Buenos Aires', apiUrl: fake.weatherApiUrl },
    },
  });
  // The defaults: no keys at all, yet pointed at the fake so that any call would be counted.
  keyless = await createTestApp({
    media: { youtube: { ...base.media.youtube, apiUrl: fake.youtubeApiUrl }, weather: { ...base.media.weather, apiUrl: fake.weatherApiUrl } },
  });
});
afterAll(async () => {
  await ctx?.close();
  await keyless?.close();
  await fake?.close();
});

const get = (app: TestContext, url: string, headers: Record<string, string> = {}) => app.app.inject({ url: `/api/v1${url}`, headers });
/** Moves past the cache and the spacing, so that the next request asks the service. */
const expire = () => ctx.clock.advance(MEDIA_CACHE_TTL_MS + MEDIA_STALE_IF_ERROR_MS);

describe('without keys', () => {
  it('answers 204 for videos and weather, uncached, and never calls the services', async () => {
    for (const url of ['/public/videos', '/public/weather']) {
      const response = await get(keyless, url);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect(fake.state.requests).toHaveLength(0);
  });
});

describe('GET /public/videos', () => {
  it("asks for the channel's 3 latest videos and answers their ids and plain-text titles, never the key", async () => {
    const response = await get(ctx, '/public/videos');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        { id: { videoId: 'aBcDeFgHiJ1' }, snippet: { title: 'Sesión Ordinaria del 20 de noviembre' } },
        { id: { videoId: 'aBcDeFgHiJ2' }, snippet: { title: 'Sesión Extraordinaria: "Presupuesto 2027"' } },
        { id: { videoId: 'aBcDeFgHiJ3' }, snippet: { title: 'Sesión Ordinaria del 6 de noviembre' } },
      ],
    });
    expect(response.body).not.toContain(YOUTUBE_KEY);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const query = Object.fromEntries(fake.state.requests.at(-1)!.query);
    expect(query).toEqual({ part: 'snippet', channelId: 'UCconcejoVillaDelParque00', type: 'video', order: 'date', maxResults: '3', key: YOUTUBE_KEY });
  });

  it('serves the cached answer for 10 minutes with an ETag, then asks again', async () => {
    const before = fake.count('youtube');
    const first = await get(ctx, '/public/videos');
    const again = await get(ctx, '/public/videos', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    ctx.clock.advance(MEDIA_CACHE_TTL_MS - 1);
    await get(ctx, '/public/videos');
    expect(fake.count('youtube')).toBe(before);
    ctx.clock.advance(1);
    await get(ctx, '/public/videos');
    expect(fake.count('youtube')).toBe(before + 1);
  });

  it('makes simultaneous visitors share one call to the service', async () => {
    expire();
    const before = fake.count('youtube');
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(ctx, '/public/videos')));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(fake.count('youtube')).toBe(before + 1);
  });

  it('drops results that are not plain video ids and keeps at most 3', async () => {
    fake.state.videos = youtubeSearchAnswer([
      { videoId: '"><script>', title: 'Inyección' },
      { videoId: 'vid000000A1', title: 'Sesión 1' },
      { videoId: 'vid000000A2', title: 'Sesión 2 &amp; homenaje' },
      { videoId: 'vid000000A3', title: 'Sesión 3' },
      { videoId: 'vid000000A4', title: 'Sesión 4' },
    ]);
    expire();
    const body = (await get(ctx, '/public/videos')).json();
    expect(body.items.map((item: { id: { videoId: string } }) => item.id.videoId)).toEqual(['vid000000A1', 'vid000000A2', 'vid000000A3']);
    expect(body.items[1].snippet.title).toBe('Sesión 2 & homenaje');
  });

  it('keeps the last good answer when a refresh fails, and asks a failing service at most every 5 seconds', async () => {
    expire();
    const good = (await get(ctx, '/public/videos')).json();
    fake.state.behaviour.youtube = 'error';
    ctx.clock.advance(MEDIA_CACHE_TTL_MS);
    const before = fake.count('youtube');
    expect((await get(ctx, '/public/videos')).json()).toEqual(good);
    expect(fake.count('youtube')).toBe(before + 1);
    ctx.clock.advance(MEDIA_MIN_INTERVAL_MS - 1);
    await get(ctx, '/public/videos');
    expect(fake.count('youtube')).toBe(before + 1);
    ctx.clock.advance(1);
    await get(ctx, '/public/videos');
    expect(fake.count('youtube')).toBe(before + 2);
    // An hour later the old answer is too old to stand in: nothing to show.
    ctx.clock.advance(MEDIA_STALE_IF_ERROR_MS);
    const response = await get(ctx, '/public/videos');
    expect(response.statusCode).toBe(204);
    expect(response.headers['cache-control']).toBe('no-store');
    fake.state.behaviour.youtube = 'ok';
  });

  it('answers 204 when the service sends something that is not its JSON', async () => {
    fake.state.behaviour.youtube = 'garbage';
    expire();
    expect((await get(ctx, '/public/videos')).statusCode).toBe(204);
    fake.state.behaviour.youtube = 'ok';
  });

  it(`gives up on a service that does not answer within ${UPSTREAM_TIMEOUT_MS / 1000} s`, { timeout: 10_000 }, async () => {
    fake.state.behaviour.youtube = 'hang';
    expire();
    const started = Date.now();
    expect((await get(ctx, '/public/videos')).statusCode).toBe(204);
    expect(Date.now() - started).toBeLessThan(UPSTREAM_TIMEOUT_MS + 1500);
    fake.state.behaviour.youtube = 'ok';
  });
});

describe('GET /public/weather', () => {
  it('asks for the town in Spanish and answers place, temperature and an https icon, never the key', async () => {
    const response = await get(ctx, '/public/weather');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      location: { name: 'Villa del Parque', region: 'Buenos Aires' },
      current: { temp_c: 23.6, condition: { text: 'Parcialmente nublado', icon: 'https://cdn.weatherapi.com/weather/64x64/day/116.png' } },
    });
    expect(response.body).not.toContain(WEATHER_KEY);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const query = Object.fromEntries(fake.state.requests.filter((request) => request.service === 'weather').at(-1)!.query);
    expect(query).toEqual({ key: WEATHER_KEY, q: 'Villa del Parque, Buenos Aires', lang: 'es' });
  });

  it('blanks an icon from any other host, which the page could not load anyway', async () => {
    fake.state.weather = weatherAnswer({ icon: 'https://tracker.example/pixel.png' });
    expire();
    expect((await get(ctx, '/public/weather')).json().current.condition.icon).toBe('');
    fake.state.weather = weatherAnswer();
  });

  it('answers 204 when the service fails and there is no recent answer', async () => {
    fake.state.behaviour.weather = 'error';
    expire();
    const before = fake.count('weather');
    expect((await get(ctx, '/public/weather')).statusCode).toBe(204);
    expect((await get(ctx, '/public/weather')).statusCode).toBe(204);
    expect(fake.count('weather')).toBe(before + 1);
    fake.state.behaviour.weather = 'ok';
  });
});
