import { ACCOUNT_PATHS, accountStatusResponseSchema } from '@concejo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

// Only the status decides what the person is told (spec 7.2); the message is the server's courtesy.
const verificationAnswer = accountStatusResponseSchema.pick({ status: true });

/** POST /email/verification-notification: e-mails the account a new verification link. */
export function sendVerificationEmail(): Promise<{ status: string }> {
  return apiClient.post(ACCOUNT_PATHS.verificationNotification, { schema: verificationAnswer });
}

/** Resolves to the server's status: 'verification-link-sent' on success (spec 7.2), 'already-verified'. */
export function useSendVerificationEmail() {
  return useMutation({
    mutationFn: async () => (await sendVerificationEmail()).status,
  });
}
