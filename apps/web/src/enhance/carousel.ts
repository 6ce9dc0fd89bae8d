import { announce } from './announcer';
import { all, listen, type Enhancer } from './enhancer';

/** Spec 9: a banner every 5 seconds. */
export const BANNER_INTERVAL_MS = 5000;
/** Spec 2.3: a swipe of 40 px changes the banner. */
export const SWIPE_PX = 40;

/** What a screen reader hears when the pause button is pressed. */
export const BANNERS_PAUSED = 'Pase de banners detenido.';
export const BANNERS_RESUMED = 'Pase de banners reanudado.';

type Direction = 'next' | 'prev';

/**
 * The home page's banners (features/home/components/banner-carousel.tsx, in Bootstrap's carousel
 * markup): a new one every 5 seconds, paused while the pointer is over them or the tab is hidden;
 * the indicators, a 40 px swipe and the arrow keys change it; the Pausar button stops the motion for
 * good (WCAG 2.2.2). The slide is Bootstrap's CSS transition; with reduced motion it is a plain change.
 */
export const enhanceCarousel: Enhancer = (section) => {
  const items = [...section.querySelectorAll<HTMLElement>('.carousel-item')];
  if (items.length < 2) return;
  const indicators = [...section.querySelectorAll<HTMLButtonElement>('.carousel-indicators button')];
  const toggle = section.querySelector<HTMLButtonElement>('[data-carousel-toggle]');
  let index = Math.max(0, items.findIndex((item) => item.classList.contains('active')));
  let playing = true;
  let hovered = false;
  let timer = 0;
  let moving: (() => void) | null = null;
  // The indicators and the pause button come hidden: without this script they could do nothing.
  for (const control of section.querySelectorAll<HTMLElement>('[data-script-only]')) control.hidden = false;

  const schedule = () => {
    window.clearTimeout(timer);
    if (playing && !hovered && !document.hidden) timer = window.setTimeout(() => go(index + 1, 'next'), BANNER_INTERVAL_MS);
  };

  const go = (wanted: number, direction: Direction) => {
    const target = (wanted + items.length) % items.length;
    if (target === index) return;
    moving?.();
    const from = items[index]!;
    const to = items[target]!;
    index = target;
    indicators.forEach((indicator, position) => {
      indicator.classList.toggle('active', position === target);
      if (position === target) indicator.setAttribute('aria-current', 'true');
      else indicator.removeAttribute('aria-current');
    });
    const order = direction === 'next' ? 'carousel-item-next' : 'carousel-item-prev';
    const slide = direction === 'next' ? 'carousel-item-start' : 'carousel-item-end';
    const finish = () => {
      moving = null;
      window.clearTimeout(finishing);
      to.classList.remove(order, slide);
      to.classList.add('active');
      from.classList.remove('active', slide);
    };
    const duration = parseFloat(getComputedStyle(from).transitionDuration) * 1000 || 0;
    let finishing = 0;
    if (duration > 0) {
      to.classList.add(order);
      void to.offsetWidth; // the new banner takes its place beside the old one before both move
      from.classList.add(slide);
      to.classList.add(slide);
      moving = finish;
      finishing = window.setTimeout(finish, duration);
    } else finish();
    schedule();
  };

  let touchX: number | null = null;
  const cleanups = [
    ...indicators.map((indicator, position) => listen(indicator, 'click', () => go(position, position > index ? 'next' : 'prev'))),
    listen(section, 'mouseenter', () => {
      hovered = true;
      schedule();
    }),
    listen(section, 'mouseleave', () => {
      hovered = false;
      schedule();
    }),
    listen(section, 'keydown', (event) => {
      if (event.target instanceof HTMLButtonElement && event.target === toggle) return;
      if (event.key === 'ArrowRight') go(index + 1, 'next');
      else if (event.key === 'ArrowLeft') go(index - 1, 'prev');
    }),
    listen(section, 'touchstart', (event) => {
      touchX = event.touches[0]?.clientX ?? null;
    }),
    listen(section, 'touchend', (event) => {
      const endX = event.changedTouches[0]?.clientX;
      if (touchX === null || endX === undefined) return;
      const moved = endX - touchX;
      touchX = null;
      if (moved <= -SWIPE_PX) go(index + 1, 'next');
      else if (moved >= SWIPE_PX) go(index - 1, 'prev');
    }),
    listen(document, 'visibilitychange', schedule),
  ];
  if (toggle) {
    cleanups.push(
      listen(toggle, 'click', () => {
        playing = !playing;
        toggle.setAttribute('aria-pressed', String(!playing));
        toggle.firstChild!.textContent = playing ? 'Pausar' : 'Reanudar';
        // The button's new name says it too, but only once it is focused again: say what happened.
        announce(playing ? BANNERS_RESUMED : BANNERS_PAUSED);
        schedule();
      }),
    );
  }
  schedule();
  return all([...cleanups, () => window.clearTimeout(timer), () => moving?.()]);
};
