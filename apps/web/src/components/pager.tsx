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

type PagerProps = {
  currentPage: number;
  lastPage: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark ("Paginación de normativas"). */
  label: string;
};

function PagerButton({ page, label, text, disabled, current, onPageChange }: {
  page: number;
  label: string;
  text: string;
  disabled?: boolean;
  current?: boolean;
  onPageChange: (page: number) => void;
}) {
  return (
    <li className={`page-item${disabled ? ' disabled' : ''}${current ? ' active' : ''}`}>
      <button
        type="button"
        className="page-link"
        aria-label={label}
        aria-current={current ? 'page' : undefined}
        disabled={disabled}
        onClick={() => onPageChange(page)}
      >
        {text}
      </button>
    </li>
  );
}

/** First, previous, up to five page numbers, next and last (spec 2.5.1), as buttons with Spanish names. */
export function Pager({ currentPage, lastPage, onPageChange, label }: PagerProps) {
  if (lastPage <= 1) return null;
  const atFirst = currentPage <= 1;
  const atLast = currentPage >= lastPage;
  return (
    <nav aria-label={label}>
      <ul className="pagination flex-wrap justify-content-center mb-0">
        <PagerButton page={1} label="Primera página" text="«" disabled={atFirst} onPageChange={onPageChange} />
        <PagerButton page={currentPage - 1} label="Página anterior" text="‹" disabled={atFirst} onPageChange={onPageChange} />
        {pageWindow(currentPage, lastPage).map((page) => (
          <PagerButton
            key={page}
            page={page}
            label={`Página ${page}`}
            text={String(page)}
            current={page === currentPage}
            onPageChange={onPageChange}
          />
        ))}
        <PagerButton page={currentPage + 1} label="Página siguiente" text="›" disabled={atLast} onPageChange={onPageChange} />
        <PagerButton page={lastPage} label="Última página" text="»" disabled={atLast} onPageChange={onPageChange} />
      </ul>
    </nav>
  );
}
