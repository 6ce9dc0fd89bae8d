import { API_BASE, REGULATION_PATHS } from '@concejo/contracts';
import { writeFilterParams, type PublicRegulationFilters } from '../filters';

/** The CSV or JSON download of every row matching these filters (not only the page on screen). */
export function openDataHref(format: 'csv' | 'json', filters: PublicRegulationFilters): string {
  const query = writeFilterParams(filters).toString();
  return `${API_BASE}${REGULATION_PATHS.download(format)}${query ? `?${query}` : ''}`;
}

/** The Atom feed of newly approved norms. */
export const FEED_HREF = `${API_BASE}${REGULATION_PATHS.feed}`;
export const FEED_TITLE = 'Normativas aprobadas';
