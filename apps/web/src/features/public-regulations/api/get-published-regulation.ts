import { REGULATION_PATHS, type PublicRegulationType, type PublishedRegulationDetail } from '@concejo/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { fields, objectAnswer } from '../../../lib/public-answers';
import { PUBLISHED_REGULATIONS_KEY } from './keys';

/** What the norm's page reads; checked by hand, as the public pages do, rather than with zod. */
const NORM_FIELDS = fields({ id: 'number', type: 'string', number: 'number', subject: 'string', legal_force: 'string', authors: 'array', keywords: 'array', links: 'array', text_recognized: 'boolean' });

/** GET /regulations/published/:type/:number: one public norm with its links, for its page. */
export function getPublishedRegulation(type: PublicRegulationType, number: number, { signal }: { signal?: AbortSignal } = {}): Promise<PublishedRegulationDetail> {
  return apiClient.get(REGULATION_PATHS.publishedNorm(type, number), { schema: objectAnswer<PublishedRegulationDetail>('a norm', NORM_FIELDS), signal });
}

export const publishedRegulationQueryOptions = (type: PublicRegulationType, number: number) =>
  queryOptions({ queryKey: [...PUBLISHED_REGULATIONS_KEY, 'one', type, number], queryFn: ({ signal }) => getPublishedRegulation(type, number, { signal }) });
