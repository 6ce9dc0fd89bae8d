import { showToast } from './toasts';
import { listen, type Enhancer } from './enhancer';

export const URL_COPIED = 'URL copiada al portapapeles';
export const URL_NOT_COPIED = 'No se pudo copiar la dirección. Copiala desde la barra del navegador.';

/**
 * 'Compartir' (spec 2.3): the device's share sheet when it has one; otherwise the address is copied.
 * The server sends the button hidden (without a script it could do nothing); it shows here.
 */
export const enhanceShare: Enhancer<HTMLButtonElement> = (button) => {
  button.hidden = false;
  return listen(button, 'click', async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: button.dataset.shareTitle ?? document.title, url });
      } catch {
        // The visitor closed the share sheet: nothing to say.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      showToast('success', URL_COPIED);
    } catch {
      showToast('error', URL_NOT_COPIED);
    }
  });
};

/**
 * 'Volver' of a news item: back where the reader came from when that was a page of this site; opened
 * from a shared link (or without a script) the link goes home.
 */
export const enhanceBack: Enhancer<HTMLAnchorElement> = (link) =>
  listen(link, 'click', (event) => {
    let cameFromHere = false;
    try {
      cameFromHere = document.referrer !== '' && new URL(document.referrer).origin === window.location.origin;
    } catch {
      // An unreadable referrer is not ours.
    }
    if (cameFromHere && window.history.length > 1) {
      event.preventDefault();
      window.history.back();
    }
  });
