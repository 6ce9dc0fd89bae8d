import { z } from 'zod';

/** API paths of the third-party proxies, relative to API_BASE (DESIGN.md section 5). */
export const PUBLIC_MEDIA_PATHS = {
  videos: '/public/videos',
  weather: '/public/weather',
} as const;

/** Session videos on the home page: at most this many, newest first (spec 9). */
export const MAX_SESSION_VIDEOS = 3;

/** A YouTube video id: 11 characters of the URL-safe base64 alphabet. It goes into an embed URL. */
export const youtubeVideoIdSchema = z.string().regex(/^[A-Za-z0-9_-]{11}$/);

/**
 * GET /public/videos: the latest videos of the council's channel, in the video service's own shape
 * (items[].id.videoId, items[].snippet.title), titles as plain text. 204 when there is nothing to show
 * (no key configured, or the service failed).
 */
export const sessionVideoListSchema = z.object({
  items: z
    .array(z.object({ id: z.object({ videoId: youtubeVideoIdSchema }), snippet: z.object({ title: z.string() }) }))
    .max(MAX_SESSION_VIDEOS),
});
export type SessionVideoList = z.infer<typeof sessionVideoListSchema>;
export type SessionVideo = SessionVideoList['items'][number];

/**
 * GET /public/weather: the current weather in the council's town, in the weather service's own shape.
 * `icon` is an absolute https URL on the service's image host, or '' when it sent none we trust.
 * 204 when there is nothing to show (no key configured, or the service failed).
 */
export const weatherSchema = z.object({
  location: z.object({ name: z.string(), region: z.string() }),
  current: z.object({
    temp_c: z.number(),
    condition: z.object({ icon: z.string(), text: z.string() }),
  }),
});
export type Weather = z.infer<typeof weatherSchema>;

/** Where the weather service's condition icons live; the CSP lets the page load images from it. */
export const WEATHER_ICON_ORIGIN = 'https://cdn.weatherapi.com';

/** The video embed host: YouTube's privacy-enhanced mode sets no cookies until a video is played. */
export const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

/** The embed URL of a video, only ever built from a checked id. */
export const videoEmbedUrl = (videoId: string) => `${VIDEO_EMBED_ORIGIN}/embed/${encodeURIComponent(videoId)}`;
