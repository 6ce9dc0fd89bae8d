export { ProfilePage } from './pages/profile-page';
export { useSendVerificationEmail } from './api/send-verification-email';
export { useResendVerification } from './use-resend-verification';
