// Paths and embed helpers of the video and weather proxies, apart from their schemas so that the home
// page can use them without loading zod (see zod.ts).

/** API paths of the third-party proxies, relative to API_BASE (DESIGN.md section 5). */
export const PUBLIC_MEDIA_PATHS = {
  videos: '/public/videos',
  weather: '/public/weather',
} as const;

/** Session videos on the home page: at most this many, newest first (spec 9). */
export const MAX_SESSION_VIDEOS = 3;

/** Where the weather service's condition icons live; the CSP lets the page load images from it. */
export const WEATHER_ICON_ORIGIN = 'https://cdn.weatherapi.com';

/** The video embed host: YouTube's privacy-enhanced mode sets no cookies until a video is played. */
export const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

/** The embed URL of a video, only ever built from a checked id. */
export const videoEmbedUrl = (videoId: string) => `${VIDEO_EMBED_ORIGIN}/embed/${encodeURIComponent(videoId)}`;
