import type { MouseEvent } from 'react';
import { Link, type To } from 'react-router';

/** How many page numbers the pager shows at most (spec 9). */
export const PAGER_WINDOW = 5;

/** The page numbers around the current one: up to `size`, the current one centred when it can be. */
export function pageWindow(current: number, last: number, size = PAGER_WINDOW): number[] {
  if (last < 1) return [];
  const page = Math.min(Math.max(1, current), last);
  const start = Math.max(1, Math.min(page - Math.floor(size / 2), last - size + 1));
  const end = Math.min(last, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, index) => start + index);
}

/**
 * How a page is reached. A list kept in the address gives each page's address (`pageHref`): the pager
 * is then made of links, which work without JavaScript and navigate in place with it (`onPageChange`,
 * optional, runs on a plain click, e.g. to move the focus). A list kept in memory gives only
 * `onPageChange`: the pager is then made of buttons.
 */
type PageTarget = { pageHref: (page: number) => To; onPageChange?: (page: number) => void } | { pageHref?: undefined; onPageChange: (page: number) => void };

type PagerProps = PageTarget & {
  currentPage: number;
  lastPage: number;
  /** Names the navigation landmark ("Paginación de normativas"). */
  label: string;
};

type ItemProps = { page: number; label: string; text: string; disabled?: boolean; current?: boolean; target: PageTarget };

/** A click that follows the link here, not one that opens it elsewhere (new tab, window, download). */
const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

function PagerItem({ page, label, text, disabled, current, target }: ItemProps) {
  const { pageHref, onPageChange } = target;
  const ariaCurrent = current ? ('page' as const) : undefined;
  let control;
  if (!pageHref) {
    control = (
      <button type="button" className="page-link" aria-label={label} aria-current={ariaCurrent} disabled={disabled} onClick={() => onPageChange(page)}>
        {text}
      </button>
    );
  } else if (disabled) {
    // A link without an address, still named and announced as unavailable, as the disabled buttons are.
    control = (
      <a className="page-link" role="link" aria-disabled="true" aria-label={label}>
        {text}
      </a>
    );
  } else {
    control = (
      <Link className="page-link" to={pageHref(page)} aria-label={label} aria-current={ariaCurrent} onClick={(event) => isPlainClick(event) && onPageChange?.(page)}>
        {text}
      </Link>
    );
  }
  return <li className={`page-item${disabled ? ' disabled' : ''}${current ? ' active' : ''}`}>{control}</li>;
}

/** Whether a list's answer is a page past its last one (an old link, a number typed in the address). */
export function isPastLastPage(list: { data: readonly unknown[]; current_page: number; last_page: number }): boolean {
  return list.data.length === 0 && list.current_page > list.last_page;
}

/** What a list says on such a page, instead of "nothing found": its pager, still shown, leads back. */
export function pastLastPageText(page: number, lastPage: number): string {
  return `No existe la página ${page} de esta lista: llega hasta la página ${lastPage}.`;
}

/**
 * First, previous, up to five page numbers, next and last (spec 2.5.1), with Spanish names. On a page past
 * the last one, 'previous' and 'last' lead to the last page, and no number is the current one.
 */
export function Pager({ currentPage, lastPage, label, ...target }: PagerProps) {
  const beyond = currentPage > lastPage;
  if (lastPage <= 1 && !beyond) return null;
  const atFirst = currentPage <= 1;
  return (
    <nav aria-label={label}>
      <ul className="pagination flex-wrap justify-content-center mb-0">
        <PagerItem page={1} label="Primera página" text="«" disabled={atFirst} target={target} />
        <PagerItem page={beyond ? lastPage : currentPage - 1} label="Página anterior" text="‹" disabled={atFirst} target={target} />
        {pageWindow(currentPage, lastPage).map((page) => (
          <PagerItem key={page} page={page} label={`Página ${page}`} text={String(page)} current={page === currentPage} target={target} />
        ))}
        <PagerItem page={currentPage + 1} label="Página siguiente" text="›" disabled={currentPage >= lastPage} target={target} />
        <PagerItem page={lastPage} label="Última página" text="»" disabled={currentPage === lastPage} target={target} />
      </ul>
    </nav>
  );
}
