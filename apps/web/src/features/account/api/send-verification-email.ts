import { useMutation } from '@tanstack/react-query';
import { apiClient, type ResponseParser } from '../../../lib/api-client';

// Not yet in @concejo/contracts (the endpoint arrives in a later issue); DESIGN.md section 5 fixes both.
const EMAIL_VERIFICATION_NOTIFICATION_PATH = '/email/verification-notification';
type VerificationNotificationResponse = { status: string };
const verificationNotificationResponse: ResponseParser<VerificationNotificationResponse> = {
  parse(data) {
    const status = (data as { status?: unknown } | null)?.status;
    if (typeof status !== 'string') throw new TypeError('Unexpected answer to the verification e-mail request.');
    return { status };
  },
};

/** POST /email/verification-notification: e-mails the account a new verification link. */
export function sendVerificationEmail(): Promise<VerificationNotificationResponse> {
  return apiClient.post(EMAIL_VERIFICATION_NOTIFICATION_PATH, { schema: verificationNotificationResponse });
}

/** Resolves to true only when the server confirms the link was sent (spec 7.2). */
export function useSendVerificationEmail() {
  return useMutation({
    mutationFn: async () => (await sendVerificationEmail()).status === 'verification-link-sent',
  });
}
