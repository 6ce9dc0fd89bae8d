import { ApiError } from '../../lib/api-client';
import { councilName, excerpt } from '../../server/page-text';
import type { ServerPage } from '../../server/server-page';
import { contactQueryOptions } from './api/get-contact';
import { publishedNewsItemQueryOptions } from './api/get-published-news-item';
import { publishedBannersQueryOptions } from './api/list-published-banners';
import { publishedNewsQueryOptions } from './api/list-published-news';
import { weatherQueryOptions } from './api/get-weather';
import { sessionVideosQueryOptions } from './api/list-session-videos';
import { fallbackSrc } from './images';

/** A preview picture at least this wide reads well on every network that shows one. */
const PREVIEW_WIDTH = 1200;

/**
 * The longest the home page waits for the weather and the videos, which come from outside services
 * (the API caches them for 10 minutes): past it the page goes without them rather than late.
 */
export const OUTSIDE_SERVICES_WAIT_MS = 1500;

/** Waits for `work`, or `ms` at most; the timer goes as soon as the work is done (every render of '/' calls this). */
async function waitAtMost(ms: number, work: Promise<unknown>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** '/': everything in the first HTML (the page runs no React in the browser to fetch the rest). */
export const homeServerPage: ServerPage = {
  reading: true,
  preload: ({ queryClient }) =>
    Promise.all([
      queryClient.prefetchQuery(publishedBannersQueryOptions()),
      queryClient.prefetchQuery(publishedNewsQueryOptions()),
      queryClient.prefetchQuery(contactQueryOptions()),
      waitAtMost(OUTSIDE_SERVICES_WAIT_MS, Promise.all([queryClient.prefetchQuery(weatherQueryOptions()), queryClient.prefetchQuery(sessionVideosQueryOptions())])),
    ]),
  head: ({ queryClient }) => {
    const council = councilName(queryClient);
    const banner = queryClient.getQueryData(publishedBannersQueryOptions().queryKey)?.[0];
    const image = banner && fallbackSrc(banner.images, banner.image, PREVIEW_WIDTH);
    return {
      title: 'Inicio',
      // `/?noticias=12` is the same page with more of its news.
      canonical: '/',
      description: `Sitio oficial del ${council}: normativas, órdenes del día, sesiones y noticias.`,
      image: image ? { url: image, alt: banner.alt ?? banner.title ?? council } : undefined,
    };
  },
};

function newsId(params: { id?: string }): number | null {
  const id = Number(params.id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** '/noticia/:id': the item (its own picture for previews) and the list its related news come from. */
export const newsServerPage: ServerPage = {
  reading: true,
  preload: ({ queryClient, params }) => {
    const id = newsId(params);
    return Promise.all([
      id === null ? undefined : queryClient.prefetchQuery(publishedNewsItemQueryOptions(id)),
      queryClient.prefetchQuery(publishedNewsQueryOptions()),
    ]);
  },
  head: ({ queryClient, params }) => {
    const id = newsId(params);
    const item = id === null ? undefined : queryClient.getQueryData(publishedNewsItemQueryOptions(id).queryKey);
    if (!item) {
      const error = id === null ? null : queryClient.getQueryState(publishedNewsItemQueryOptions(id).queryKey)?.error;
      const missing = id === null || (error instanceof ApiError && error.status === 404);
      return { title: 'Noticia', noindex: true, status: missing ? 404 : 503 };
    }
    const image = fallbackSrc(item.images, item.image, PREVIEW_WIDTH);
    return {
      title: item.title,
      description: excerpt(item.description) || item.title,
      type: 'article',
      image: image ? { url: image, alt: item.title } : undefined,
    };
  },
};
