import type { Banner } from '@concejo/contracts';
import { useState } from 'react';
import Carousel from 'react-bootstrap/Carousel';
import { BANNER_SIZES } from '../images';
import { StoredImage } from './stored-image';

/** Spec 9: a banner every 5 seconds. */
export const BANNER_INTERVAL_MS = 5000;

const bannerAlt = (banner: Banner, index: number) => banner.alt?.trim() || `Banner ${index + 1}`;

/**
 * The published banners (spec 2.3): auto-advance, pause on hover, indicators and swipe (react-bootstrap's
 * threshold is the spec's 40 px), no arrows. The first image loads at once, the rest lazily. A pause
 * button lets keyboard and screen-reader users stop the motion too (WCAG 2.2.2).
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const [playing, setPlaying] = useState(true);
  if (banners.length === 0) return null;
  return (
    <section className="home-hero" aria-roledescription="carrusel" aria-label="Destacados">
      <Carousel
        interval={playing ? BANNER_INTERVAL_MS : null}
        pause="hover"
        indicators={banners.length > 1}
        indicatorLabels={banners.map((_, index) => `Mostrar banner ${index + 1}`)}
        controls={false}
        touch
        className="home-carousel"
      >
        {banners.map((banner, index) => (
          <Carousel.Item key={banner.id}>
            <StoredImage
              stored={banner}
              fallbackWidth={960}
              className="home-carousel-image"
              sizes={BANNER_SIZES}
              alt={bannerAlt(banner, index)}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              decoding={index === 0 ? 'sync' : 'async'}
            />
            {banner.caption && (banner.title || banner.description) && (
              <Carousel.Caption className="home-carousel-caption">
                {banner.title && <h2 className="h4 mb-1">{banner.title}</h2>}
                {banner.description && <p className="mb-0">{banner.description}</p>}
              </Carousel.Caption>
            )}
          </Carousel.Item>
        ))}
      </Carousel>
      {banners.length > 1 && (
        <button type="button" className="btn btn-sm btn-light home-carousel-toggle" aria-pressed={!playing} onClick={() => setPlaying((value) => !value)}>
          {playing ? 'Pausar' : 'Reanudar'}
          <span className="visually-hidden"> el pase de banners</span>
        </button>
      )}
    </section>
  );
}
