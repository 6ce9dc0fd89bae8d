import { API_PATHS, emailError, SUBSCRIPTION_EMAIL_MESSAGES } from '@concejo/contracts';
import { all, listen, type Enhancer } from '../../enhance/enhancer';
import { showError } from '../../enhance/get-form';
import { apiClient, ApiError, NetworkError } from '../../lib/api-client';
import { fields, objectAnswer } from '../../lib/public-answers';

/** The API's answer to a request, subscribe or unsubscribe: `{ message }`. */
export const messageAnswer = objectAnswer<{ message: string }>('a message', fields({ message: 'string' }));

/**
 * What a reader is told when a request (subscribe or unsubscribe) fails, in Spanish and as usted: the
 * API's own words when it has them, else `failed`.
 */
export function subscriptionErrorMessage(error: unknown, failed: string): string {
  if (error instanceof ApiError) return error.errors.email?.[0] ?? error.message;
  if (error instanceof NetworkError) return 'No se recibió respuesta del servidor. Revise su conexión e inténtelo de nuevo.';
  return failed;
}

/** A result line in the box's live region: green when done, red when not. */
export function say(region: HTMLElement, kind: 'success' | 'danger', message: string): void {
  region.className = `alert alert-${kind} mt-3 mb-0`;
  region.textContent = message;
}

/** Shows the busy state of a form's button while its request is under way. */
export function setBusy(button: HTMLButtonElement, busy: boolean): void {
  button.disabled = busy;
  button.setAttribute('aria-busy', String(busy));
}

/**
 * The e-mail alert box of components/subscribe-box.tsx: shown, its address checked as the API checks
 * it, sent with what the box follows (its data-request) to POST /subscriptions, and the answer (the
 * same whatever the address, or the API's reason in Spanish) said in its live region.
 */
export const enhanceSubscribe: Enhancer = (box) => {
  const request = JSON.parse(box.dataset.request ?? '{}') as Record<string, unknown>;
  const form = box.querySelector('form')!;
  const email = form.elements.namedItem('email') as HTMLInputElement;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const region = box.querySelector<HTMLElement>('[role="status"]')!;
  box.hidden = false;
  let sending = false;
  return all([
    listen(form, 'submit', (event) => {
      event.preventDefault();
      if (sending) return;
      const error = emailError(email.value, SUBSCRIPTION_EMAIL_MESSAGES);
      showError(email, error || undefined);
      if (error) {
        email.focus();
        return;
      }
      sending = true;
      setBusy(button, true);
      apiClient
        .post(API_PATHS.subscriptions, { body: { ...request, email: email.value.trim() }, schema: messageAnswer })
        .then((answer) => {
          say(region, 'success', answer.message);
          email.value = '';
        })
        .catch((failure: unknown) => say(region, 'danger', subscriptionErrorMessage(failure, 'No pudimos registrar la suscripción. Inténtelo de nuevo más tarde.')))
        .finally(() => {
          sending = false;
          setBusy(button, false);
        });
    }),
    listen(email, 'input', () => {
      if (email.getAttribute('aria-invalid') === 'true') showError(email, emailError(email.value, SUBSCRIPTION_EMAIL_MESSAGES) || undefined);
    }),
  ]);
};
