import { ACCOUNT_PATHS, accountStatusResponseSchema, type AccountStatusResponse, type ResetPasswordRequest } from '@concejo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { getDeviceId } from '../../../lib/session';

/**
 * POST /reset-password with the token and e-mail of the link, and this browser's Device-Id: the
 * server then lets this browser log in at once, even while someone else is guessing the password.
 */
export function resetPassword(body: ResetPasswordRequest): Promise<AccountStatusResponse> {
  return apiClient.post(ACCOUNT_PATHS.resetPassword, { body, headers: { 'Device-Id': getDeviceId() }, schema: accountStatusResponseSchema });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
