import { CONTENT_MESSAGES, type NewsItem } from '@concejo/contracts';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { LoadError } from '../../../components/load-error';
import { NEWS_PAGE_SIZE, newsListControls } from '../news-pages';
import { NewsCard } from './news-card';

/** 'Noticias' (spec 2.3): 6 cards, then 6 more or 6 fewer at a time. */
export function NewsSection({ news, loading, failed, onRetry, retrying }: { news: NewsItem[]; loading: boolean; failed: boolean; onRetry: () => void; retrying: boolean }) {
  const [visible, setVisible] = useState(NEWS_PAGE_SIZE);
  const { canShowMore, canShowLess } = newsListControls(visible, news.length);
  return (
    <section className="home-section" aria-labelledby="home-news-title">
      <h2 id="home-news-title" className="home-section-title">
        Noticias
      </h2>
      {loading && <p role="status">Cargando noticias…</p>}
      {/* A failure is not an empty list: it says so and offers to ask again. */}
      {!loading && failed && <LoadError message={CONTENT_MESSAGES.newsLoadFailed} onRetry={onRetry} retrying={retrying} />}
      {!loading && !failed && news.length === 0 && <p>No hay noticias publicadas.</p>}
      <div className="row g-4" aria-live="polite">
        {news.slice(0, visible).map((item) => (
          <div key={item.id} className="col-12 col-md-6 col-lg-4">
            <NewsCard item={item} list={news} />
          </div>
        ))}
      </div>
      {(canShowMore || canShowLess) && (
        <div className="d-flex justify-content-center gap-2 mt-4">
          {canShowMore && (
            <Button variant="primary" onClick={() => setVisible((count) => count + NEWS_PAGE_SIZE)}>
              Ver más
            </Button>
          )}
          {canShowLess && (
            <Button variant="outline-primary" onClick={() => setVisible((count) => Math.max(NEWS_PAGE_SIZE, count - NEWS_PAGE_SIZE))}>
              Ver menos
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
