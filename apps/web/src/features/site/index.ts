export { DEFAULT_COUNCIL_NAME, siteQueryOptions, useSite } from './api/get-site';
