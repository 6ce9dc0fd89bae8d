import { dayRangeErrors, isAcceptedDay } from '@concejo/contracts';
import type { FormErrors } from '../../components/form/use-get-form';

/** The public list's filters, as the URL keeps them (so a filtered page can be shared and reloaded). */
export type PublicDayOrderFilters = { from: string; to: string };

export const EMPTY_FILTERS: PublicDayOrderFilters = { from: '', to: '' };

/** The filter form's fields, named and ordered as the address's parameters (writePublicParams). */
export const FILTER_KEYS = ['from', 'to'] as const satisfies readonly (keyof PublicDayOrderFilters)[];

/**
 * The filter form's rules: the API's day filters (dayFilterError: a real day between 1850 and 2100) and a
 * «Hasta» not before «Desde» (the API answers such a range with an empty page).
 */
export function filterErrors(filters: PublicDayOrderFilters): FormErrors<keyof PublicDayOrderFilters> {
  return dayRangeErrors(filters);
}

/** Filters and page from the address; anything the API would refuse (malformed, out of 1850-2100) is dropped rather than sent. */
export function readPublicParams(params: URLSearchParams): { filters: PublicDayOrderFilters; page: number } {
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return isAcceptedDay(value) ? value : '';
  };
  const page = Number(params.get('page'));
  return { filters: { from: day('from'), to: day('to') }, page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1 };
}

export function writePublicParams(filters: PublicDayOrderFilters, page: number): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (page > 1) params.set('page', String(page));
  return params;
}

/** 'Mostrando 11 - 20 de 42 órdenes del día.' */
export function listSummary(page: number, perPage: number, shown: number, total: number): string {
  if (shown === 0) return `Mostrando 0 - 0 de ${total} órdenes del día.`;
  const first = (page - 1) * perPage + 1;
  return `Mostrando ${first} - ${first + shown - 1} de ${total} ${total === 1 ? 'orden del día' : 'órdenes del día'}.`;
}
