import type { NewsItem } from '@concejo/contracts';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { htmlToText, truncateText } from '../html-text';
import { NEWS_CARD_SIZES } from '../images';
import { StoredImage } from './stored-image';
import type { NewsNavigationState } from '../news-pages';

const EXCERPT_LENGTH = 160;

/** One news card: image, title, the description's first words and 'Ver más' to the detail. */
export function NewsCard({ item, list }: { item: NewsItem; list: NewsItem[] }) {
  const excerpt = useMemo(() => truncateText(htmlToText(item.description), EXCERPT_LENGTH), [item.description]);
  const state: NewsNavigationState = { news: list };
  return (
    <article className="card h-100 news-card shadow-sm">
      <StoredImage
        stored={item}
        fallbackWidth={400}
        className="card-img-top news-card-image"
        sizes={NEWS_CARD_SIZES}
        alt=""
        loading="lazy"
        decoding="async"
      />
      <div className="card-body d-flex flex-column">
        <h3 className="h5 card-title">{item.title}</h3>
        <p className="card-text flex-grow-1">{excerpt}</p>
        {/* Six links called just "Ver más" would say nothing out of context: the name carries the title. */}
        <Link to={paths.news.getHref(item.id)} state={state} className="btn btn-outline-primary align-self-start" aria-label={`Ver más: ${item.title}`}>
          Ver más
        </Link>
      </div>
    </article>
  );
}
