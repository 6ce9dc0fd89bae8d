import { PUBLIC_QUERY_SCOPE } from '../../../lib/query-client';

/** The public list belongs to everyone (it survives a logout); the staff queries belong to the account. */
export const PUBLISHED_DAY_ORDERS_KEY = [PUBLIC_QUERY_SCOPE, 'day-orders'] as const;
export const DAY_ORDERS_KEY = ['day-orders'] as const;
