import { REGULATION_PATHS, isAcceptedDay, type PublicRegulationType, type PublishedRegulationDetail } from '@concejo/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { fields, objectAnswer } from '../../../lib/public-answers';
import { PUBLISHED_REGULATIONS_KEY } from './keys';

/** What the norm's page reads; checked by hand, as the public pages do, rather than with zod. */
const NORM_FIELDS = fields({ id: 'number', type: 'string', number: 'number', subject: 'string', legal_force: 'string', authors: 'array', keywords: 'array', links: 'array', text_recognized: 'boolean' });

/**
 * GET /regulations/published/:type/:number: one public norm with its links, for its page; with `day`
 * (a valid calendar day), also its legal force that day.
 */
export function getPublishedRegulation(type: PublicRegulationType, number: number, { signal, day = '' }: { signal?: AbortSignal; day?: string } = {}): Promise<PublishedRegulationDetail> {
  const path = REGULATION_PATHS.publishedNorm(type, number) + (day ? `?${new URLSearchParams({ in_force_on: day })}` : '');
  return apiClient.get(path, { schema: objectAnswer<PublishedRegulationDetail>('a norm', NORM_FIELDS), signal });
}

export const publishedRegulationQueryOptions = (type: PublicRegulationType, number: number, day = '') =>
  queryOptions({ queryKey: [...PUBLISHED_REGULATIONS_KEY, 'one', type, number, day], queryFn: ({ signal }) => getPublishedRegulation(type, number, { signal, day }) });

/** The page's "¿Vigente al ...?" day from its address (`?vigente_al=`): '' unless it is a day the API accepts. */
export function askedDayOf(params: URLSearchParams): { asked: string; day: string } {
  const asked = (params.get(FORCE_DAY_PARAM) ?? '').trim().slice(0, 20);
  return { asked, day: isAcceptedDay(asked) ? asked : '' };
}
/** The norm page's query parameter of the day asked about. */
export const FORCE_DAY_PARAM = 'vigente_al';
