import { AUTHOR_TYPE_LABELS, isAcceptedDay, REGULATION_STATES, REGULATION_TYPES, type AuthorType, type RegulationState } from '@concejo/contracts';

/** The staff list's filters, exactly as they travel in the page's URL and in the API's query string. */
export type RegulationFilters = {
  numberSearch: string;
  search: string;
  type: string;
  state: string;
  author_type: string;
  author: string;
  from: string;
  to: string;
};

export const FILTER_KEYS = ['numberSearch', 'search', 'type', 'state', 'author_type', 'author', 'from', 'to'] as const satisfies readonly (keyof RegulationFilters)[];

export const EMPTY_FILTERS: RegulationFilters = { numberSearch: '', search: '', type: '', state: '', author_type: '', author: '', from: '', to: '' };

/** The author types as the list filter sends them (spec 3: Concejal / DEM / Particular). */
export const AUTHOR_TYPE_FILTER_OPTIONS = (['concejal', 'DEM', 'particular'] as const satisfies readonly AuthorType[]).map((authorType) => ({
  value: AUTHOR_TYPE_LABELS[authorType],
  label: AUTHOR_TYPE_LABELS[authorType],
}));

const TYPE_VALUES = new Set<string>([...REGULATION_TYPES, 'minutes']);
const AUTHOR_TYPE_VALUES = new Set(AUTHOR_TYPE_FILTER_OPTIONS.map((option) => option.value.toLowerCase()));

/**
 * Reads the filters and the page from the URL. A value the API would refuse (edited by hand, or
 * from an old link) is dropped, so that a shared link never ends in an error page.
 */
export function readListParams(params: URLSearchParams): { filters: RegulationFilters; page: number } {
  const get = (key: string) => (params.get(key) ?? '').trim();
  const type = get('type');
  const state = get('state');
  const authorType = get('author_type');
  const from = get('from');
  const to = get('to');
  const page = Number(get('page'));
  return {
    filters: {
      numberSearch: get('numberSearch').slice(0, 20),
      search: get('search').slice(0, 200),
      type: TYPE_VALUES.has(type) ? (type === 'minutes' ? 'minute' : type) : '',
      state: (REGULATION_STATES as readonly string[]).includes(state) ? (state as RegulationState) : '',
      author_type: AUTHOR_TYPE_VALUES.has(authorType.toLowerCase()) ? authorType : '',
      author: get('author').slice(0, 200),
      from: isAcceptedDay(from) ? from : '',
      to: isAcceptedDay(to) ? to : '',
    },
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL query of a filter set and page: empty filters and page 1 are left out, so links stay short. */
export function writeListParams(filters: RegulationFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  if (page > 1) params.set('page', String(page));
  return params;
}
