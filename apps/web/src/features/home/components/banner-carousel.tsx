import type { Banner } from '@concejo/contracts';
import { BANNER_SIZES } from '../images';
import { StoredImage } from './stored-image';

const bannerAlt = (banner: Banner, index: number) => banner.alt?.trim() || `Banner ${index + 1}`;

/**
 * The published banners (spec 2.3) in Bootstrap's carousel markup: the first one shows, loaded at once;
 * the rest load lazily. Their motion (every 5 seconds, paused on hover; the indicators, a 40 px swipe,
 * the pause button for keyboard and screen-reader users, WCAG 2.2.2) is enhance/carousel.ts: without a
 * script the first banner stays, and the controls that could do nothing are not shown.
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  if (banners.length === 0) return null;
  const several = banners.length > 1;
  return (
    <section className="home-hero" aria-roledescription="carrusel" aria-label="Destacados" data-enhance="carousel">
      <div className="carousel slide home-carousel">
        {several && (
          <div className="carousel-indicators" data-script-only hidden>
            {banners.map((banner, index) => (
              <button
                key={banner.id}
                type="button"
                className={index === 0 ? 'active' : undefined}
                aria-current={index === 0 ? true : undefined}
                aria-label={`Mostrar banner ${index + 1}`}
              />
            ))}
          </div>
        )}
        <div className="carousel-inner">
          {banners.map((banner, index) => (
            <div key={banner.id} className={index === 0 ? 'carousel-item active' : 'carousel-item'}>
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
                <div className="carousel-caption home-carousel-caption">
                  {banner.title && <h2 className="h4 mb-1">{banner.title}</h2>}
                  {banner.description && <p className="mb-0">{banner.description}</p>}
                </div>
              )}
            </div>
          ))}
        </div>
      </div>
      {several && (
        <button type="button" className="btn btn-sm btn-light home-carousel-toggle" aria-pressed="false" data-carousel-toggle data-script-only hidden>
          Pausar<span className="visually-hidden"> el pase de banners</span>
        </button>
      )}
    </section>
  );
}
