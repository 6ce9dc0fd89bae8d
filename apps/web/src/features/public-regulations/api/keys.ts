import type { PublicRegulationType } from '@concejo/contracts';
import { PUBLIC_QUERY_SCOPE } from '../../../lib/query-client';

/** The public search belongs to everyone: it survives a logout, unlike the staff queries. */
export const PUBLISHED_REGULATIONS_KEY = [PUBLIC_QUERY_SCOPE, 'regulations'] as const;

/**
 * The public registry's API paths (DESIGN.md section 5). @concejo/contracts' API_PATHS does not list
 * them yet; they belong there.
 */
export const PUBLISHED_REGULATION_PATHS = {
  list: '/regulations/published',
  one: (type: PublicRegulationType, number: number) => `/regulations/published/${type}/${number}`,
  csv: '/regulations/published.csv',
  json: '/regulations/published.json',
  feed: '/regulations/feed.atom',
} as const;
