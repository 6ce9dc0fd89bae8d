import { PUBLIC_MEDIA_PATHS, type SessionVideo, type SessionVideoList } from '@concejo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { field, optionalObjectAnswer } from '../../../lib/public-answers';
import { HOME_KEYS, MEDIA_STALE_TIME } from './keys';

/** GET /public/videos: the channel's latest session videos; [] when the server has none to give (204). */
export async function listSessionVideos({ signal }: { signal?: AbortSignal } = {}): Promise<SessionVideo[]> {
  const answer = await apiClient.get(PUBLIC_MEDIA_PATHS.videos, { schema: optionalObjectAnswer<SessionVideoList>('session videos', (data) =>
      Array.isArray(data.items) && data.items.every((item) => typeof field(item, 'id.videoId') === 'string' && typeof field(item, 'snippet.title') === 'string'),
    ), signal });
  return answer?.items ?? [];
}

export const sessionVideosQueryOptions = () =>
  queryOptions({ queryKey: HOME_KEYS.videos, queryFn: ({ signal }) => listSessionVideos({ signal }), staleTime: MEDIA_STALE_TIME });

export function useSessionVideos() {
  return useQuery(sessionVideosQueryOptions());
}
