export { DEFAULT_COUNCIL_NAME, siteQueryOptions, useSite } from './get-site';
export { ContactDetails, hasContactDetails } from './contact-details';
export { useCouncilDates } from './use-council-dates';
