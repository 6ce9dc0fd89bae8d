import type { NewsItem } from '@concejo/contracts';

/** Spec 9: the news list grows and shrinks by 6; the detail shows up to 4 related items. */
export const NEWS_PAGE_SIZE = 6;
export const RELATED_NEWS = 4;

/** The most news the API lists (its newest 200): the home page never asks for more cards than that. */
export const NEWS_LIST_LIMIT = 200;

/** How many cards the home page shows for its address (`?noticias=12`): 6, 12, 18… */
export function visibleNews(search: URLSearchParams): number {
  const asked = Number(search.get('noticias'));
  if (!Number.isInteger(asked) || asked <= NEWS_PAGE_SIZE) return NEWS_PAGE_SIZE;
  return Math.min(NEWS_LIST_LIMIT, Math.ceil(asked / NEWS_PAGE_SIZE) * NEWS_PAGE_SIZE);
}

/** The home page's address with that many cards, at the news section. */
export function newsListHref(visible: number): string {
  return visible <= NEWS_PAGE_SIZE ? '/#noticias' : `/?noticias=${visible}#noticias`;
}

/** 'Ver más' adds a page while more remain; 'Ver menos' removes one while more than a page shows. */
export function newsListControls(visible: number, total: number) {
  return { canShowMore: visible < total, canShowLess: visible > NEWS_PAGE_SIZE };
}

/** The last 4 other items, newest first (the list comes newest first). */
export function relatedNews(list: NewsItem[], id: number): NewsItem[] {
  return list.filter((item) => item.id !== id).slice(0, RELATED_NEWS);
}
