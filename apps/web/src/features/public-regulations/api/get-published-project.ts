import { REGULATION_PATHS, type PublishedProject } from '@concejo/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { fields, objectAnswer } from '../../../lib/public-answers';
import { PUBLISHED_REGULATIONS_KEY } from './keys';

/** What the project's page reads; checked by hand, as the public pages do, rather than with zod. */
const PROJECT_FIELDS = fields({ state: 'string', type: 'string', expediente: 'string' });

/** GET /regulations/published/expediente/:expediente: a project in trámite an agenda made public, or where its norm is. */
export function getPublishedProject(expediente: string, { signal }: { signal?: AbortSignal } = {}): Promise<PublishedProject> {
  return apiClient.get(REGULATION_PATHS.publishedProject(expediente), { schema: objectAnswer<PublishedProject>('a project', PROJECT_FIELDS), signal });
}

export const publishedProjectQueryOptions = (expediente: string) =>
  queryOptions({ queryKey: [...PUBLISHED_REGULATIONS_KEY, 'project', expediente], queryFn: ({ signal }) => getPublishedProject(expediente, { signal }) });
