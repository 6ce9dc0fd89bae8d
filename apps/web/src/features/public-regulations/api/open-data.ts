import { API_BASE } from '@concejo/contracts';
import { writeFilterParams, type PublicRegulationFilters } from '../filters';
import { PUBLISHED_REGULATION_PATHS } from './keys';

/** The CSV or JSON download of every row matching these filters (not only the page on screen). */
export function openDataHref(format: 'csv' | 'json', filters: PublicRegulationFilters): string {
  const query = writeFilterParams(filters).toString();
  return `${API_BASE}${PUBLISHED_REGULATION_PATHS[format]}${query ? `?${query}` : ''}`;
}

/** The Atom feed of newly approved norms. */
export const FEED_HREF = `${API_BASE}${PUBLISHED_REGULATION_PATHS.feed}`;
export const FEED_TITLE = 'Normativas aprobadas';
