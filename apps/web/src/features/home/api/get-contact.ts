import { CONTENT_PATHS, type ContactRecord } from '@concejo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { listAnswer } from '../../../lib/public-answers';
import { HOME_KEYS } from './keys';

/** GET /contact: the contact images; the first record is the one shown (spec 3), null when none. */
export async function getContact({ signal }: { signal?: AbortSignal } = {}): Promise<ContactRecord | null> {
  const records = await apiClient.get(CONTENT_PATHS.contact, { schema: listAnswer<ContactRecord>('contact records', () => true), signal });
  return records[0] ?? null;
}

export const contactQueryOptions = () => queryOptions({ queryKey: HOME_KEYS.contact, queryFn: ({ signal }) => getContact({ signal }) });

export function useContact() {
  return useQuery(contactQueryOptions());
}
