import { ACCOUNT_PATHS, accountStatusResponseSchema, type AccountStatusResponse, type ForgotPasswordRequest } from '@concejo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** POST /forgot-password: the server answers the same whether or not the e-mail has an account. */
export function forgotPassword(body: ForgotPasswordRequest): Promise<AccountStatusResponse> {
  return apiClient.post(ACCOUNT_PATHS.forgotPassword, { body, schema: accountStatusResponseSchema });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
