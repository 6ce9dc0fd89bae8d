// Starts the built server on a data folder wiped first, so every e2e run begins from a fresh database.
// The video and weather services are the API's own local stand-ins (no internet here): the home page
// shows what a configured site shows, and its server fetches them as it renders the page.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';

rmSync(path.resolve(process.env.DATA_DIR ?? '.tmp/e2e-data'), { recursive: true, force: true });
register();
const { startFakeServices } = await import('../apps/api/src/modules/public-media/fake-services.ts');
const services = await startFakeServices();
Object.assign(process.env, {
  YOUTUBE_API_KEY: 'e2e-youtube-key',
  YOUTUBE_CHANNEL_ID: 'UCconcejoVillaDelParque00',
  YOUTUBE_API_URL: services.youtubeApiUrl,
  WEATHER_API_KEY: 'e2e-weather-key',
  WEATHER_API_URL: services.weatherApiUrl,
});
await import('../apps/api/dist/server.js');
