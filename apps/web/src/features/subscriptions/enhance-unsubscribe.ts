import { API_PATHS } from '@concejo/contracts';
import { listen, type Enhancer } from '../../enhance/enhancer';
import { apiClient } from '../../lib/api-client';
import { messageAnswer, say, setBusy, subscriptionErrorMessage } from './enhance-subscribe';

/**
 * The button of /suscripcion/baja (pages/subscription-pages.tsx): posts the link's token to
 * POST /subscriptions/unsubscribe/:token and says the answer in the live region; once done, the
 * button goes away (there is nothing left to drop).
 */
export const enhanceUnsubscribe: Enhancer<HTMLFormElement> = (form) => {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const region = form.querySelector<HTMLElement>('[role="status"]')!;
  const token = form.dataset.token ?? '';
  button.disabled = false;
  let sending = false;
  return listen(form, 'submit', (event) => {
    event.preventDefault();
    if (sending) return;
    sending = true;
    setBusy(button, true);
    apiClient
      .post(API_PATHS.unsubscribe(token), { schema: messageAnswer })
      .then((answer) => {
        button.hidden = true;
        say(region, 'success', answer.message);
      })
      .catch((failure: unknown) => {
        setBusy(button, false);
        say(region, 'danger', subscriptionErrorMessage(failure, 'No pudimos darle de baja. Inténtelo de nuevo más tarde.'));
      })
      .finally(() => (sending = false));
  });
};
