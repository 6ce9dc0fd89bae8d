import { councilDates, type CouncilDates } from '../../lib/format';
import { useSite } from './get-site';

/**
 * The council's calendar in the site's time zone (its settings, GET /public/site). A server-rendered
 * page has the site in its data, so the server and the browser's first render use the same zone; a
 * staff panel shows the default zone for the moment the site is still loading.
 */
export function useCouncilDates(): CouncilDates {
  return councilDates(useSite().data?.time_zone);
}
