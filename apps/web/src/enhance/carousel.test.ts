import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BANNER_INTERVAL_MS, enhanceCarousel } from './carousel';

/** The banners as the server renders them (features/home/components/banner-carousel.tsx), in short. */
const CAROUSEL = `
  <section aria-label="Destacados" data-enhance="carousel">
    <div class="carousel slide">
      <div class="carousel-indicators" data-script-only hidden>
        <button type="button" class="active" aria-current="true" aria-label="Mostrar banner 1"></button>
        <button type="button" aria-label="Mostrar banner 2"></button>
        <button type="button" aria-label="Mostrar banner 3"></button>
      </div>
      <div class="carousel-inner">
        <div class="carousel-item active"><img alt="Uno"></div>
        <div class="carousel-item"><img alt="Dos"></div>
        <div class="carousel-item"><img alt="Tres"></div>
      </div>
    </div>
    <button type="button" aria-pressed="false" data-carousel-toggle data-script-only hidden>Pausar<span> el pase de banners</span></button>
  </section>`;

let stop: (() => void) | void;
afterEach(() => stop?.());

function renderCarousel() {
  vi.useFakeTimers();
  document.body.innerHTML = CAROUSEL;
  const section = document.querySelector('section')!;
  stop = enhanceCarousel(section);
  const shown = () => document.querySelector('.carousel-item.active img')!.getAttribute('alt');
  return { section, shown };
}

describe('the banner carousel', () => {
  it('shows its controls, and moves on every 5 seconds, back to the first after the last', () => {
    const { shown } = renderCarousel();
    expect(screen.getByRole('button', { name: 'Mostrar banner 2' })).toBeVisible();
    expect(screen.getByRole('button', { name: /^Pausar/ })).toBeVisible();
    expect(shown()).toBe('Uno');
    vi.advanceTimersByTime(BANNER_INTERVAL_MS);
    expect(shown()).toBe('Dos');
    expect(screen.getByRole('button', { name: 'Mostrar banner 2' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Mostrar banner 1' })).not.toHaveAttribute('aria-current');
    vi.advanceTimersByTime(2 * BANNER_INTERVAL_MS);
    expect(shown()).toBe('Uno');
  });

  it('stops with Pausar and goes on with Reanudar', () => {
    const { shown } = renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: /^Pausar/ }));
    expect(screen.getByRole('button', { name: /^Reanudar/ })).toHaveAttribute('aria-pressed', 'true');
    // A screen reader hears what the button did.
    expect(document.getElementById('page-announcer')).toHaveTextContent('Pase de banners detenido.');
    vi.advanceTimersByTime(3 * BANNER_INTERVAL_MS);
    expect(shown()).toBe('Uno');
    fireEvent.click(screen.getByRole('button', { name: /^Reanudar/ }));
    expect(document.getElementById('page-announcer')).toHaveTextContent('Pase de banners reanudado.');
    vi.advanceTimersByTime(BANNER_INTERVAL_MS);
    expect(shown()).toBe('Dos');
  });

  it('waits while the pointer is over it', () => {
    const { section, shown } = renderCarousel();
    fireEvent.mouseEnter(section);
    vi.advanceTimersByTime(2 * BANNER_INTERVAL_MS);
    expect(shown()).toBe('Uno');
    fireEvent.mouseLeave(section);
    vi.advanceTimersByTime(BANNER_INTERVAL_MS);
    expect(shown()).toBe('Dos');
  });

  it('changes with the indicators, the arrow keys and a swipe of 40 px, not a shorter one', () => {
    const { section, shown } = renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar banner 3' }));
    expect(shown()).toBe('Tres');
    fireEvent.keyDown(section, { key: 'ArrowRight' });
    expect(shown()).toBe('Uno');
    fireEvent.keyDown(section, { key: 'ArrowLeft' });
    expect(shown()).toBe('Tres');
    const swipe = (from: number, to: number) => {
      fireEvent.touchStart(section, { touches: [{ clientX: from }] });
      fireEvent.touchEnd(section, { changedTouches: [{ clientX: to }] });
    };
    swipe(200, 170);
    expect(shown()).toBe('Tres');
    swipe(200, 150);
    expect(shown()).toBe('Uno');
  });
});
