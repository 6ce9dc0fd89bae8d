export { DEFAULT_COUNCIL_NAME, useSite } from './api/get-site';
