import { z } from './zod.js';
import { MAX_SESSION_VIDEOS } from './public-media-constants.js';

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
