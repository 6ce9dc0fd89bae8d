import { PUBLIC_QUERY_SCOPE } from '../../../lib/query-client';

/** The public search belongs to everyone: it survives a logout, unlike the staff queries. */
export const PUBLISHED_REGULATIONS_KEY = [PUBLIC_QUERY_SCOPE, 'regulations'] as const;

