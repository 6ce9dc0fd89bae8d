import { ACCOUNT_PATHS, managedUserListSchema, type AssignableRole, type ManagedUser } from '@concejo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { USERS_KEY } from './keys';

/** GET /users (admin): every account but the admins, optionally of one role. */
export function listUsers(role: AssignableRole | '', { signal }: { signal?: AbortSignal } = {}): Promise<ManagedUser[]> {
  return apiClient.get(ACCOUNT_PATHS.users, { query: { role }, schema: managedUserListSchema, signal });
}

export const usersQueryOptions = (role: AssignableRole | '') =>
  queryOptions({
    queryKey: [...USERS_KEY, role],
    queryFn: ({ signal }) => listUsers(role, { signal }),
    placeholderData: keepPreviousData,
  });

export function useUsers(role: AssignableRole | '') {
  return useQuery(usersQueryOptions(role));
}
