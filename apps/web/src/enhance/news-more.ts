import { announce } from './announcer';
import { all, listen, type Enhancer } from './enhancer';
import { showToast } from './toasts';

export const NEWS_NOT_LOADED = 'No se pudieron cargar más noticias. Inténtelo de nuevo.';
/** What a screen reader hears once 'Ver más' or 'Ver menos' has changed the cards. */
export const newsShown = (count: number) => `Se muestran ${count} ${count === 1 ? 'noticia' : 'noticias'}.`;

/**
 * 'Ver más' and 'Ver menos' of the home page's news (features/home/components/news-section.tsx): each
 * is a link to the home page with more or fewer cards; here the section of that page (rendered and
 * cached by the server) takes this one's place, without reloading the page or moving the reader.
 * Focus goes to the first new card after 'Ver más', to the section's title after 'Ver menos'.
 */
export const enhanceNewsMore: Enhancer = (section) => {
  let busy = false;
  const handleClick = async (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-news-more], a[data-news-less]') : null;
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (busy) return;
    busy = true;
    link.setAttribute('aria-disabled', 'true');
    const more = link.hasAttribute('data-news-more');
    const shown = section.querySelectorAll('[data-news-card]').length;
    try {
      // eslint-disable-next-line no-restricted-globals -- a page of this site (HTML), not the API
      const response = await fetch(link.href, { headers: { accept: 'text/html' } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const page = new DOMParser().parseFromString(await response.text(), 'text/html');
      const next = page.getElementById(section.id);
      if (!next) throw new Error('the page has no news section');
      section.replaceChildren(...[...next.childNodes].map((node) => document.importNode(node, true)));
      window.history.replaceState(window.history.state, '', link.href);
      const focusTarget = more ? section.querySelectorAll<HTMLElement>('[data-news-card] a')[shown] : section.querySelector<HTMLElement>('h2');
      (focusTarget ?? section.querySelector<HTMLElement>('h2'))?.focus();
      announce(newsShown(section.querySelectorAll('[data-news-card]').length));
    } catch (error) {
      console.error('Error al cargar más noticias.', error);
      showToast('error', NEWS_NOT_LOADED);
      link.removeAttribute('aria-disabled');
    } finally {
      busy = false;
    }
  };
  return all([listen(section, 'click', (event) => void handleClick(event))]);
};
