import type { NewsItem } from '@concejo/contracts';
import { paths } from '../../../lib/paths';
import { StoredImage } from './stored-image';
import { useCouncilDates } from '../../../components/site';

/** Up to 4 other news items, each a link to its own detail (spec 2.3). */
export function RelatedNews({ items }: { items: NewsItem[] }) {
  const { formatLongDate } = useCouncilDates();
  if (items.length === 0) return null;
  return (
    <section className="mt-5" aria-labelledby="related-news-title">
      <h2 id="related-news-title" className="home-section-title h4">
        Otras noticias
      </h2>
      <ul className="list-unstyled row g-3">
        {items.map((item) => (
          <li key={item.id} className="col-12 col-sm-6 col-lg-3">
            <a href={paths.news.getHref(item.id)} className="related-news-link card h-100 shadow-sm">
              <StoredImage
                stored={item}
                fallbackWidth={400}
                className="card-img-top news-card-image"
                sizes="(min-width: 992px) 300px, (min-width: 576px) 50vw, 40vw"
                alt=""
                loading="lazy"
                decoding="async"
              />
              <span className="card-body">
                <span className="d-block fw-semibold">{item.title}</span>
                <span className="d-block small text-body-secondary">{formatLongDate(item.updated_at)}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
