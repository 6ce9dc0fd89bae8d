import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig: home page services', () => {
  it('leaves the video and weather services off without keys, pointed at the real services', () => {
    const { media, social } = loadConfig({});
    expect(media.youtube).toEqual({ apiKey: undefined, channelId: undefined, apiUrl: 'https://www.googleapis.com/youtube/v3' });
    expect(media.weather).toEqual({ apiKey: undefined, query: 'Villa del Parque, Buenos Aires', apiUrl: 'https://api.weatherapi.com/v1' });
    expect(social).toEqual({ instagram: null, facebook: null, youtube: null });
  });

  it('asks the weather for the configured town, or WEATHER_QUERY', () => {
    expect(loadConfig({ TOWN_NAME: 'Tandil', TOWN_REGION: 'Buenos Aires' }).media.weather.query).toBe('Tandil, Buenos Aires');
    expect(loadConfig({ WEATHER_QUERY: '-37.32,-59.13' }).media.weather.query).toBe('-37.32,-59.13');
  });

  it('links the YouTube profile to the channel unless SOCIAL_YOUTUBE_URL says otherwise', () => {
    expect(loadConfig({ YOUTUBE_CHANNEL_ID: 'UC123' }).social.youtube).toBe('https://www.youtube.com/channel/UC123');
    expect(loadConfig({ YOUTUBE_CHANNEL_ID: 'UC123', SOCIAL_YOUTUBE_URL: 'https://www.youtube.com/@concejo' }).social.youtube).toBe(
      'https://www.youtube.com/@concejo',
    );
  });

  it('refuses profile URLs that are not https and service URLs that are not http(s), hiding keys', () => {
    let problems: string[] = [];
    try {
      loadConfig({ SOCIAL_FACEBOOK_URL: 'javascript:alert(1)', WEATHER_API_URL: 'ftp://clima', YOUTUBE_API_KEY: '   ' });
    } catch (error) {
      if (error instanceof ConfigError) problems = error.problems;
    }
    expect(problems.map((problem) => problem.split(' ')[0]).sort()).toEqual(['SOCIAL_FACEBOOK_URL', 'WEATHER_API_URL']);
    expect(problems.join('\n')).not.toContain('javascript');
  });
});
