import type { NewsItem } from '@concejo/contracts';
import { COUNCIL_TIME_ZONE } from '../../lib/format';

/** Spec 9: the news list grows and shrinks by 6; the detail shows up to 4 related items. */
export const NEWS_PAGE_SIZE = 6;
export const RELATED_NEWS = 4;

/** 'Ver más' adds a page while more remain; 'Ver menos' removes one while more than a page shows. */
export function newsListControls(visible: number, total: number) {
  return { canShowMore: visible < total, canShowLess: visible > NEWS_PAGE_SIZE };
}

/** The last 4 other items, newest first (the list comes newest first). */
export function relatedNews(list: NewsItem[], id: number): NewsItem[] {
  return list.filter((item) => item.id !== id).slice(0, RELATED_NEWS);
}

/** What the news list passes to the detail page as navigation state (spec 2.1). */
export type NewsNavigationState = { news: NewsItem[] };

export function readNewsState(state: unknown): NewsItem[] | null {
  const news = (state as Partial<NewsNavigationState> | null)?.news;
  return Array.isArray(news) ? news : null;
}

const newsDateFormat = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: COUNCIL_TIME_ZONE });

/** "22 de noviembre de 2026" (spec 9: es-ES, long month). */
export function formatNewsDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Fecha inválida' : newsDateFormat.format(date);
}
