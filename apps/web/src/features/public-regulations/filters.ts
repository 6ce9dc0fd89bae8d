import { isAcceptedDay, LEGAL_FORCES, PUBLIC_REGULATION_TYPES, PUBLIC_SEARCH_LIMITS, type LegalForce, type PublicRegulationType, type SubscriptionFilters } from '@concejo/contracts';
import { formatListTotal } from '../../lib/list-total';

/** The public search's filters (spec 2.3), exactly as they travel in the page's URL and in the API's query. */
export type PublicRegulationFilters = {
  numberSearch: string;
  search: string;
  type: string;
  /** Vigencia (DESIGN.md section 5): in_force, partially_repealed, repealed, or '' for every norm. */
  legal_force: string;
  from: string;
  to: string;
  /** DESIGN.md 9.2: 'en_tramite' (projects an agenda made public), or '' for the enacted norms (the spec's list). */
  estado: string;
};

/** In the search form's order, so that the form submitted without JavaScript gives the same address. */
export const FILTER_KEYS = ['search', 'numberSearch', 'type', 'legal_force', 'estado', 'from', 'to'] as const satisfies readonly (keyof PublicRegulationFilters)[];

export const EMPTY_FILTERS: PublicRegulationFilters = { numberSearch: '', search: '', type: '', legal_force: '', from: '', to: '', estado: '' };

/** Spec 9: the text search needs more than 2 characters. */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = PUBLIC_SEARCH_LIMITS.search;
export const NUMBER_MAX_LENGTH = PUBLIC_SEARCH_LIMITS.numberSearch;
const MAX_PAGE = 100_000;

const TYPES = new Set<string>(PUBLIC_REGULATION_TYPES);
const FORCES = new Set<string>(LEGAL_FORCES);

/**
 * Filters and page from the address. Whatever the API would refuse (a link edited by hand, an old
 * bookmark) is dropped, so that a shared link always shows a list rather than an error.
 */
export function readFilterParams(params: URLSearchParams): { filters: PublicRegulationFilters; page: number } {
  const get = (key: string) => (params.get(key) ?? '').trim();
  const search = get('search').slice(0, SEARCH_MAX_LENGTH);
  const type = get('type');
  const force = get('legal_force');
  const from = get('from');
  const to = get('to');
  const page = Number(get('page'));
  return {
    filters: {
      numberSearch: get('numberSearch').slice(0, NUMBER_MAX_LENGTH),
      search: search.length >= SEARCH_MIN_LENGTH ? search : '',
      type: TYPES.has(type) ? type : '',
      legal_force: FORCES.has(force) ? force : '',
      // A real day between 1850 and 2100 (2026-02-30 is none), so that a hand-edited link never ends in a 422.
      from: isAcceptedDay(from) ? from : '',
      to: isAcceptedDay(to) ? to : '',
      estado: get('estado') === 'en_tramite' ? 'en_tramite' : '',
    },
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/**
 * The URL query of a filter set and page: empty filters and page 1 are left out, so links stay short.
 * The search form sent without JavaScript gives the same parameters in the same order, plus the empty
 * ones (`search=tasas&numberSearch=&type=...`), which readFilterParams reads as no filter.
 */
export function writeFilterParams(filters: PublicRegulationFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  if (page > 1) params.set('page', String(page));
  return params;
}

/**
 * 'Mostrando 16 - 30 de 42 normativas.' (spec 2.3, as written there); past the count's bound, 'de más
 * de 1.000 normativas.'
 */
export function listSummary(page: number, perPage: number, shown: number, total: number, capped = false): string {
  const of = formatListTotal(total, capped);
  if (shown === 0) return `Mostrando 0 - 0 de ${of} normativas.`;
  const first = (page - 1) * perPage + 1;
  return `Mostrando ${first} - ${first + shown - 1} de ${of} normativas.`;
}

/**
 * What an alert can follow of a search (issue 16): its text, type and legal force. The number and the
 * dates select norms already there, not the new ones an alert tells of.
 */
export function followedFilters(filters: PublicRegulationFilters): SubscriptionFilters {
  return {
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.type ? { type: filters.type as PublicRegulationType } : {}),
    ...(filters.legal_force ? { legal_force: filters.legal_force as LegalForce } : {}),
  };
}
