import { ApiError } from '../../lib/api-client';

/** Spec 9: the error toasts of the forgot-password and reset pages stay 5 s. */
export const RECOVERY_TOAST_DELAY_MS = 5000;

/**
 * The toast for a failed recovery request: the spec's fixed text, except for a 429, whose message
 * says how long to wait (more useful than "error").
 */
export function recoveryErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status === 429 && error.message ? error.message : fallback;
}
