import { API_PATHS, userResponseSchema, type UserResponse } from '@concejo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** GET /user: the logged-in account. */
export function getUser({ signal }: { signal?: AbortSignal } = {}): Promise<UserResponse> {
  return apiClient.get(API_PATHS.user, { schema: userResponseSchema, signal });
}

export const userQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'user'],
    queryFn: ({ signal }) => getUser({ signal }),
  });

export function useUser() {
  return useQuery(userQueryOptions());
}
