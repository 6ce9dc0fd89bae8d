import { ACCOUNT_PATHS, userMutationResponseSchema, type CreateUserRequest, type UserMutationResponse } from '@concejo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { USERS_KEY } from './keys';

/** POST /users (admin): 201 with the new account. */
export function createUser(body: CreateUserRequest): Promise<UserMutationResponse> {
  return apiClient.post(ACCOUNT_PATHS.users, { body, schema: userMutationResponseSchema });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
