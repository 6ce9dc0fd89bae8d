import type { NewsItem } from '@concejo/contracts';
import { useMemo } from 'react';
import { paths } from '../../../lib/paths';
import { htmlToText, truncateText } from '../html-text';
import { NEWS_CARD_SIZES } from '../images';
import { StoredImage } from './stored-image';

const EXCERPT_LENGTH = 160;
/** A card without a picture gives its picture's room to more of the text, so it is not a blank box. */
const TEXT_ONLY_EXCERPT_LENGTH = 420;

/** One news card: image, title, the description's first words and 'Ver más' to the detail. */
export function NewsCard({ item }: { item: NewsItem }) {
  const hasImage = item.image !== null || item.images.length > 0;
  const excerpt = useMemo(() => truncateText(htmlToText(item.description), hasImage ? EXCERPT_LENGTH : TEXT_ONLY_EXCERPT_LENGTH), [item.description, hasImage]);
  return (
    // A card with a picture fills its row's height; one without is as tall as its text (stretched beside
    // picture cards, it was a tall blank box under a few lines).
    <article className={hasImage ? 'card h-100 news-card shadow-sm' : 'card news-card news-card-text-only shadow-sm'}>
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
        <a href={paths.news.getHref(item.id)} className="btn btn-outline-primary align-self-start" aria-label={`Ver más: ${item.title}`}>
          Ver más
        </a>
      </div>
    </article>
  );
}
