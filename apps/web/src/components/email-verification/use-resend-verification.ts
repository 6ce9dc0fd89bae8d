import { ACCOUNT_MESSAGES } from '@concejo/contracts';
import { useToast } from '../toast/use-toast';
import { setEmailVerified } from '../../lib/session';
import { useSendVerificationEmail } from './send-verification-email';

/** Sends the verification e-mail and tells the user how it went (spec 8, Session). */
export function useResendVerification() {
  const toast = useToast();
  const verification = useSendVerificationEmail();
  const resend = () => {
    verification.mutate(undefined, {
      onSuccess: (status) => {
        if (status === 'verification-link-sent') {
          toast.success(ACCOUNT_MESSAGES.verificationSent);
        } else if (status === 'already-verified') {
          // Verified from another device or tab: the menu item and the alert can go.
          setEmailVerified(true);
          toast.success(ACCOUNT_MESSAGES.alreadyVerified);
        } else {
          toast.error(ACCOUNT_MESSAGES.verificationError);
        }
      },
      onError: () => toast.error(ACCOUNT_MESSAGES.verificationError),
    });
  };
  return { resend, isPending: verification.isPending };
}
