import { ACCOUNT_PATHS, userMutationResponseSchema, type AssignableRole, type UserMutationResponse } from '@concejo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { USERS_KEY } from './keys';

/** PATCH /users/:id/role (admin). */
export function updateUserRole({ id, role }: { id: number; role: AssignableRole }): Promise<UserMutationResponse> {
  return apiClient.patch(ACCOUNT_PATHS.userRole(id), { body: { role }, schema: userMutationResponseSchema });
}

export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
