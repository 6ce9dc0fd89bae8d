import { ACCOUNT_PATHS, accountStatusResponseSchema, type AccountStatusResponse, type ResetPasswordRequest } from '@concejo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** POST /reset-password with the token and e-mail of the link. */
export function resetPassword(body: ResetPasswordRequest): Promise<AccountStatusResponse> {
  return apiClient.post(ACCOUNT_PATHS.resetPassword, { body, schema: accountStatusResponseSchema });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
