import type { Banner, NewsItem } from '@concejo/contracts';

/** A published news item as the API sends it. */
export function newsItem(id: number, overrides: Partial<NewsItem> = {}): NewsItem {
  return {
    id,
    title: `Noticia ${id}`,
    description: `<p>Texto de la <strong>noticia ${id}</strong>.</p>`,
    image: `/api/v1/files/news/${id}.jpg`,
    images: [
      { url: `/api/v1/files/news/${id}-400.webp`, width: 400 },
      { url: `/api/v1/files/news/${id}-800.webp`, width: 800 },
    ],
    image_width: 1200,
    image_height: 675,
    status: 1,
    publication_date: null,
    unpublication_date: null,
    video_url: null,
    type: 'new',
    created_at: '2026-11-20T13:00:00.000Z',
    updated_at: '2026-11-21T13:00:00.000Z',
    ...overrides,
  };
}

export function banner(id: number, overrides: Partial<Banner> = {}): Banner {
  return {
    id,
    image: `/api/v1/files/banners/${id}.jpg`,
    images: [
      { url: `/api/v1/files/banners/${id}-480.webp`, width: 480 },
      { url: `/api/v1/files/banners/${id}-960.webp`, width: 960 },
      { url: `/api/v1/files/banners/${id}-1600.webp`, width: 1600 },
    ],
    image_width: 1600,
    image_height: 900,
    alt: null,
    caption: false,
    title: null,
    description: null,
    status: 1,
    publication_date: null,
    unpublication_date: null,
    type: 'banner',
    created_at: '2026-11-20T13:00:00.000Z',
    updated_at: '2026-11-20T13:00:00.000Z',
    ...overrides,
  };
}
