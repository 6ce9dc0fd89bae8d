import { CONTENT_MESSAGES, type NewsItem } from '@concejo/contracts';
import { LoadError } from '../../../components/load-error';
import { newsListControls, NEWS_PAGE_SIZE, newsListHref } from '../news-pages';
import { NewsCard } from './news-card';

export const NEWS_SECTION_ID = 'noticias';

/**
 * 'Noticias' (spec 2.3): 6 cards, then 6 more or 6 fewer at a time. 'Ver más' and 'Ver menos' are links
 * to the home page with that many cards (`/?noticias=12`), so they work without a script; with it
 * (enhance/news-more.ts) the list grows in place.
 */
export function NewsSection({ news, visible, failed }: { news: NewsItem[]; visible: number; failed: boolean }) {
  const { canShowMore, canShowLess } = newsListControls(visible, news.length);
  return (
    <section className="home-section" aria-labelledby="home-news-title" id={NEWS_SECTION_ID} data-enhance="news-more">
      <h2 id="home-news-title" className="home-section-title" tabIndex={-1}>
        Noticias
      </h2>
      {/* A failure is not an empty list: it says so and offers to ask again. */}
      {failed && <LoadError message={CONTENT_MESSAGES.newsLoadFailed} retryHref={newsListHref(visible)} />}
      {!failed && news.length === 0 && <p>No hay noticias publicadas.</p>}
      <div className="row g-4">
        {news.slice(0, visible).map((item) => (
          <div key={item.id} className="col-12 col-md-6 col-lg-4" data-news-card>
            <NewsCard item={item} />
          </div>
        ))}
      </div>
      {(canShowMore || canShowLess) && (
        <div className="d-flex justify-content-center gap-2 mt-4">
          {canShowMore && (
            <a className="btn btn-primary" href={newsListHref(visible + NEWS_PAGE_SIZE)} data-news-more>
              Ver más
            </a>
          )}
          {canShowLess && (
            <a className="btn btn-outline-primary" href={newsListHref(Math.max(NEWS_PAGE_SIZE, visible - NEWS_PAGE_SIZE))} data-news-less>
              Ver menos
            </a>
          )}
        </div>
      )}
    </section>
  );
}
