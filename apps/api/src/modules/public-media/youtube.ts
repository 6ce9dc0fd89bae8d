import { MAX_SESSION_VIDEOS, youtubeVideoIdSchema, type SessionVideoList } from '@concejo/contracts';
import { z } from 'zod';
import { decodeHtmlEntities, fetchJson, UpstreamError, withoutQuery } from './upstream.js';

export interface YoutubeSettings {
  apiKey?: string;
  channelId?: string;
  /** The YouTube Data API v3 base; the search endpoint is `${apiUrl}/search`. */
  apiUrl: string;
}

// Only the fields we read; everything else the service sends is ignored.
const searchAnswerSchema = z.object({
  items: z.array(
    z.object({
      id: z.object({ videoId: z.string().optional() }).optional(),
      snippet: z.object({ title: z.string() }).optional(),
    }),
  ),
});

/** The search URL: the channel's latest videos (spec 7.1). */
export function youtubeSearchUrl(settings: Required<YoutubeSettings>): URL {
  const url = new URL(`${settings.apiUrl}/search`);
  url.search = new URLSearchParams({
    part: 'snippet',
    channelId: settings.channelId,
    type: 'video',
    order: 'date',
    maxResults: String(MAX_SESSION_VIDEOS),
    key: settings.apiKey,
  }).toString();
  return url;
}

/** Loads the latest session videos; null when no key or channel is configured. */
export async function loadSessionVideos(settings: YoutubeSettings): Promise<SessionVideoList | null> {
  if (!settings.apiKey || !settings.channelId) return null;
  const url = youtubeSearchUrl(settings as Required<YoutubeSettings>);
  const answer = searchAnswerSchema.safeParse(await fetchJson(url));
  if (!answer.success) throw new UpstreamError(`${withoutQuery(url)}: unexpected answer`);
  const items = answer.data.items.flatMap((item) => {
    // An id that is not a plain video id never reaches the embed URL.
    const videoId = youtubeVideoIdSchema.safeParse(item.id?.videoId);
    return videoId.success ? [{ id: { videoId: videoId.data }, snippet: { title: decodeHtmlEntities(item.snippet?.title ?? '').trim() } }] : [];
  });
  return { items: items.slice(0, MAX_SESSION_VIDEOS) };
}
