import { describe, expect, it } from 'vitest';
import { decodeHtmlEntities } from './upstream.js';
import { trustedIconUrl } from './weather.js';
import { loadSessionVideos } from './youtube.js';

describe('trustedIconUrl', () => {
  it.each([
    ['//cdn.weatherapi.com/weather/64x64/day/116.png', 'https://cdn.weatherapi.com/weather/64x64/day/116.png'],
    ['http://cdn.weatherapi.com/weather/64x64/night/113.png', 'https://cdn.weatherapi.com/weather/64x64/night/113.png'],
    ['//cdn.weatherapi.com.evil.example/weather/64x64/day/116.png', ''],
    ['//cdn.weatherapi.com/weather/../../tracker.gif', ''],
    ['javascript:alert(1)', ''],
    ['', ''],
  ])('%s -> %s', (icon, expected) => {
    expect(trustedIconUrl(icon)).toBe(expected);
  });
});

describe('decodeHtmlEntities', () => {
  it('decodes what the video service escapes, and leaves unknown or invalid entities alone', () => {
    expect(decodeHtmlEntities('Sesi&oacute;n &quot;especial&quot; &amp; homenaje &#39;2026&#39; &#x1F3DB;')).toBe('Sesi&oacute;n "especial" & homenaje \'2026\' 🏛');
    expect(decodeHtmlEntities('&#0; &#99999999; &lt;b&gt;')).toBe('&#0; &#99999999; <b>');
  });
});

describe('loadSessionVideos', () => {
  it('asks nothing without both the key and the channel', async () => {
    const apiUrl = 'http://127.0.0.1:9/never-called';
    expect(await loadSessionVideos({ apiKey: 'k', apiUrl })).toBeNull();
    expect(await loadSessionVideos({ channelId: 'UC1', apiUrl })).toBeNull();
  });
});
