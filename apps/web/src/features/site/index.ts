export { DEFAULT_COUNCIL_NAME, siteQueryOptions, useSite } from './api/get-site';
export { ContactDetails, hasContactDetails } from './components/contact-details';
