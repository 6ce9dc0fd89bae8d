import { DAY_FILTER_MESSAGES, dayRangeErrors, LEGAL_FORCES, PUBLIC_REGULATION_TYPES, PUBLIC_SEARCH_LIMITS, PUBLIC_SEARCH_MESSAGES } from '@concejo/contracts';
import type { FormErrors } from '../../components/form/use-get-form';
import { SEARCH_MIN_LENGTH, type PublicRegulationFilters } from './filters';

export type FilterErrors = FormErrors<keyof PublicRegulationFilters>;

export const FILTER_FORM_MESSAGES = {
  searchTooShort: `La búsqueda necesita al menos ${SEARCH_MIN_LENGTH} caracteres.`,
  numberDigits: 'El número solo puede tener dígitos.',
  toBeforeFrom: DAY_FILTER_MESSAGES.toBeforeFrom,
} as const;

const TYPES = new Set<string>(PUBLIC_REGULATION_TYPES);
const FORCES = new Set<string>(LEGAL_FORCES);

/**
 * The search form's rules: the API's filters (publicRegulationQuerySchema's limits and messages, and its
 * day filter's rule as dayFilterError: days between 1850 and 2100), read from the contracts' zod-free
 * modules, plus what only a person typing needs to hear (spec 9: more than 2 characters; digits in N°;
 * «Hasta» not before «Desde») instead of an empty list. A field gets one message: the form's own rule
 * runs once the API's passed.
 */
export function filterErrors(values: PublicRegulationFilters): FilterErrors {
  const errors: FilterErrors = {};
  const { search, numberSearch } = filtersOf(values);
  if (search.length > PUBLIC_SEARCH_LIMITS.search) errors.search = PUBLIC_SEARCH_MESSAGES.searchTooLong;
  else if (search && search.length < SEARCH_MIN_LENGTH) errors.search = FILTER_FORM_MESSAGES.searchTooShort;
  if (numberSearch.length > PUBLIC_SEARCH_LIMITS.numberSearch) errors.numberSearch = PUBLIC_SEARCH_MESSAGES.numberTooLong;
  else if (numberSearch && !/^\d+$/.test(numberSearch)) errors.numberSearch = FILTER_FORM_MESSAGES.numberDigits;
  if (values.type && !TYPES.has(values.type)) errors.type = PUBLIC_SEARCH_MESSAGES.typeInvalid;
  if (values.legal_force && !FORCES.has(values.legal_force)) errors.legal_force = PUBLIC_SEARCH_MESSAGES.legalForceInvalid;
  return { ...errors, ...dayRangeErrors(values) };
}

/** The form's values as the page's address carries them: trimmed, '' for none. */
export function filtersOf(values: PublicRegulationFilters): PublicRegulationFilters {
  return { search: values.search.trim(), numberSearch: values.numberSearch.trim(), type: values.type, legal_force: values.legal_force, from: values.from, to: values.to, estado: values.estado === 'en_tramite' ? 'en_tramite' : '' };
}
