import { WEATHER_ICON_ORIGIN, type Weather } from '@concejo/contracts';
import { z } from 'zod';
import { fetchJson, UpstreamError, withoutQuery } from './upstream.js';

export interface WeatherSettings {
  apiKey?: string;
  /** The place asked for: the town and region by default. */
  query: string;
  /** WeatherAPI.com's base; the endpoint is `${apiUrl}/current.json`. */
  apiUrl: string;
}

const currentAnswerSchema = z.object({
  location: z.object({ name: z.string(), region: z.string() }),
  current: z.object({
    temp_c: z.number(),
    condition: z.object({ text: z.string().default(''), icon: z.string().default('') }),
  }),
});

/** The current-weather URL, answers in Spanish (spec 7.1). */
export function weatherUrl(settings: Required<WeatherSettings>): URL {
  const url = new URL(`${settings.apiUrl}/current.json`);
  url.search = new URLSearchParams({ key: settings.apiKey, q: settings.query, lang: 'es' }).toString();
  return url;
}

/**
 * The service's icons come protocol-relative ("//cdn.weatherapi.com/weather/64x64/day/116.png"). The
 * page gets an https URL on that host only (the one the CSP allows), or '' for anything else.
 */
export function trustedIconUrl(icon: string): string {
  try {
    const url = new URL(icon, 'https://invalid.example');
    const trusted = new URL(WEATHER_ICON_ORIGIN);
    if (url.host !== trusted.host || !/^\/weather\/[\w/]+\.png$/.test(url.pathname)) return '';
    return `${WEATHER_ICON_ORIGIN}${url.pathname}`;
  } catch {
    return '';
  }
}

/** Loads the current weather; null when no key is configured. */
export async function loadWeather(settings: WeatherSettings): Promise<Weather | null> {
  if (!settings.apiKey) return null;
  const url = weatherUrl(settings as Required<WeatherSettings>);
  const answer = currentAnswerSchema.safeParse(await fetchJson(url));
  if (!answer.success) throw new UpstreamError(`${withoutQuery(url)}: unexpected answer`);
  const { location, current } = answer.data;
  return {
    location: { name: location.name, region: location.region },
    current: { temp_c: current.temp_c, condition: { text: current.condition.text, icon: trustedIconUrl(current.condition.icon) } },
  };
}
