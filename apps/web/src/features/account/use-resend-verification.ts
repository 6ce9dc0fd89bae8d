import { useToast } from '../../components/toast/use-toast';
import { useSendVerificationEmail } from './api/send-verification-email';

/** Sends the verification e-mail and tells the user how it went (spec 8, Session). */
export function useResendVerification() {
  const toast = useToast();
  const verification = useSendVerificationEmail();
  const resend = () => {
    verification.mutate(undefined, {
      onSuccess: (sent) => {
        if (sent) toast.success('Email de verificación enviado correctamente.');
        else toast.error('Error al enviar el email de verificación.');
      },
      onError: () => toast.error('Error al enviar el email de verificación.'),
    });
  };
  return { resend, isPending: verification.isPending };
}
