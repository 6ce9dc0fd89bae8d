import { PUBLIC_MEDIA_PATHS, type Weather } from '@concejo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { fields, optionalObjectAnswer } from '../../../lib/public-answers';
import { HOME_KEYS, MEDIA_STALE_TIME } from './keys';

/** GET /public/weather: the town's current weather; null when the server has none to give (204). */
export async function getWeather({ signal }: { signal?: AbortSignal } = {}): Promise<Weather | null> {
  return (await apiClient.get(PUBLIC_MEDIA_PATHS.weather, { schema: optionalObjectAnswer<Weather>(
      'the weather',
      fields({ 'location.name': 'string', 'location.region': 'string', 'current.temp_c': 'number', 'current.condition.icon': 'string', 'current.condition.text': 'string' }),
    ), signal })) ?? null;
}

export const weatherQueryOptions = () =>
  queryOptions({ queryKey: HOME_KEYS.weather, queryFn: ({ signal }) => getWeather({ signal }), staleTime: MEDIA_STALE_TIME });

export function useWeather() {
  return useQuery(weatherQueryOptions());
}
