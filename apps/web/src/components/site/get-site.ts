import { API_PATHS, DEFAULT_COUNCIL_TIME_ZONE, DEFAULT_SITE_SERVICES, NO_SITE_CONTACT, type SiteResponse } from '@concejo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { fields, objectAnswer } from '../../lib/public-answers';
import { PUBLIC_QUERY_SCOPE } from '../../lib/query-client';

/** Shown until the server says otherwise (or if it never answers). */
export const DEFAULT_COUNCIL_NAME = 'Concejo Deliberante';

type SiteAnswer = Omit<SiteResponse, 'social' | 'services' | 'contact' | 'time_zone'> & Partial<Pick<SiteResponse, 'social' | 'services' | 'contact' | 'time_zone'>>;

export async function getSite({ signal }: { signal?: AbortSignal } = {}): Promise<SiteResponse> {
  const site = await apiClient.get(API_PATHS.site, { schema: objectAnswer<SiteAnswer>('the site', fields({ council_name: 'string', town_name: 'string', town_region: 'string' })), signal });
  // A server from before the social profiles (or the services, or the contact details) existed sends
  // none: no links, rather than no site at all; every block, as such a server always showed them; no
  // contact details.
  return {
    ...site,
    social: site.social ?? { instagram: null, facebook: null, youtube: null },
    services: site.services ?? DEFAULT_SITE_SERVICES,
    contact: site.contact ?? NO_SITE_CONTACT,
    time_zone: site.time_zone ?? DEFAULT_COUNCIL_TIME_ZONE,
  };
}

export const siteQueryOptions = () =>
  queryOptions({
    queryKey: [PUBLIC_QUERY_SCOPE, 'site'],
    queryFn: ({ signal }) => getSite({ signal }),
    // The council's name changes with a redeploy at most.
    staleTime: 60 * 60 * 1000,
  });

export function useSite() {
  return useQuery(siteQueryOptions());
}
