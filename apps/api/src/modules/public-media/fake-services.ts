import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake answers each service's next requests. */
export type FakeBehaviour = 'ok' | 'error' | 'garbage' | 'hang';

/** A YouTube search answer as the real service sends it (trimmed to a realistic subset of fields). */
export function youtubeSearchAnswer(videos: { videoId: string; title: string }[]) {
  return {
    kind: 'youtube#searchListResponse',
    etag: 'q4XlLhZ5q1nYh7c4T0aF3c8yH1U',
    regionCode: 'AR',
    pageInfo: { totalResults: videos.length, resultsPerPage: videos.length },
    items: videos.map((video, index) => ({
      kind: 'youtube#searchResult',
      etag: `etag-${index}`,
      id: { kind: 'youtube#video', videoId: video.videoId },
      snippet: {
        publishedAt: `2026-11-${String(20 - index).padStart(2, '0')}T22:00:00Z`,
        channelId: 'UCconcejoVillaDelParque00',
        title: video.title,
        description: 'Transmisión de la sesión del Concejo Deliberante.',
        thumbnails: { default: { url: `https://i.ytimg.com/vi/${video.videoId}/default.jpg`, width: 120, height: 90 } },
        channelTitle: 'Concejo Deliberante',
        liveBroadcastContent: 'none',
        publishTime: `2026-11-${String(20 - index).padStart(2, '0')}T22:00:00Z`,
      },
    })),
  };
}

/** A WeatherAPI.com current.json answer as the real service sends it. */
export function weatherAnswer(overrides: { name?: string; region?: string; temp_c?: number; icon?: string; text?: string } = {}) {
  return {
    location: {
      name: overrides.name ?? 'Villa del Parque',
      region: overrides.region ?? 'Buenos Aires',
      country: 'Argentina',
      lat: -34.6,
      lon: -58.49,
      tz_id: 'America/Argentina/Buenos_Aires',
      localtime_epoch: 1795380000,
      localtime: '2026-11-22 20:00',
    },
    current: {
      last_updated_epoch: 1795379400,
      last_updated: '2026-11-22 19:50',
      temp_c: overrides.temp_c ?? 23.6,
      temp_f: 74.5,
      is_day: 1,
      condition: { text: overrides.text ?? 'Parcialmente nublado', icon: overrides.icon ?? '//cdn.weatherapi.com/weather/64x64/day/116.png', code: 1003 },
      wind_kph: 13.0,
      humidity: 60,
      feelslike_c: 24.1,
    },
  };
}

/**
 * A local stand-in for the video and weather services on 127.0.0.1, answering at
 * `${url}/youtube/v3/search` and `${url}/weather/v1/current.json` with the real services' JSON shapes.
 */
export async function startFakeServices(options: { port?: number } = {}) {
  const state = {
    videos: youtubeSearchAnswer([
      { videoId: 'aBcDeFgHiJ1', title: 'Sesión Ordinaria del 20 de noviembre' },
      { videoId: 'aBcDeFgHiJ2', title: 'Sesión Extraordinaria: &quot;Presupuesto 2027&quot;' },
      { videoId: 'aBcDeFgHiJ3', title: 'Sesión Ordinaria del 6 de noviembre' },
    ]) as unknown,
    weather: weatherAnswer() as unknown,
    behaviour: { youtube: 'ok' as FakeBehaviour, weather: 'ok' as FakeBehaviour },
    /** Every request received, with its query, oldest first. */
    requests: [] as { service: 'youtube' | 'weather'; query: URLSearchParams }[],
  };
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const service = url.pathname === '/youtube/v3/search' ? 'youtube' : url.pathname === '/weather/v1/current.json' ? 'weather' : null;
    if (!service) {
      response.writeHead(404).end();
      return;
    }
    state.requests.push({ service, query: url.searchParams });
    const behaviour = state.behaviour[service];
    if (behaviour === 'hang') {
      hanging.add(response);
      return;
    }
    if (behaviour === 'error') {
      // The real services answer errors with a JSON body, sometimes echoing the request.
      response.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 403, message: 'quota exceeded' } }));
      return;
    }
    const body = behaviour === 'garbage' ? '<html>not json</html>' : JSON.stringify(service === 'youtube' ? state.videos : state.weather);
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    state,
    youtubeApiUrl: `${url}/youtube/v3`,
    weatherApiUrl: `${url}/weather/v1`,
    count: (service: 'youtube' | 'weather') => state.requests.filter((request) => request.service === service).length,
    close: async () => {
      for (const response of hanging) response.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
