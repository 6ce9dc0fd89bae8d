import { CONTENT_MESSAGES, type NewsItem } from '@concejo/contracts';
import { useParams } from 'react-router';
import { Loading } from '../../../components/loading';
import { useCouncilDates } from '../../../components/site';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { usePublishedNewsItem } from '../api/get-published-news-item';
import { usePublishedNews } from '../api/list-published-news';
import { NewsContent } from '../../../components/news-content/news-content';
import { RelatedNews } from '../components/related-news';
import { ShareButton } from '../../../components/share-button';
import { StoredImage } from '../components/stored-image';
import { NEWS_DETAIL_SIZES } from '../images';
import { relatedNews } from '../news-pages';

/** Home, or back where the reader came from on this site (enhance/share.ts). */
function BackButton() {
  return (
    <a href={paths.home.getHref()} className="btn btn-outline-primary" data-enhance="back">
      Volver
    </a>
  );
}

/** The item's optional video or Instagram post (cargar-noticia), opened apart. */
function VideoLink({ url }: { url: string }) {
  let label = 'Ver el video';
  try {
    if (/(^|\.)instagram\.com$/i.test(new URL(url).hostname)) label = 'Ver la publicación en Instagram';
  } catch {
    return null;
  }
  return (
    <p className="mt-3">
      <a href={url} target="_blank" rel="noopener noreferrer" className="btn btn-primary">
        {label}
        <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
      </a>
    </p>
  );
}

/** /noticia/{id} (spec 2.3), rendered on the server with the item and the list its related news come from. */
export function NewsDetailPage() {
  const { formatLongDate } = useCouncilDates();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const list = usePublishedNews();
  const fetched = usePublishedNewsItem(id, { enabled: validId });
  const item: NewsItem | undefined = fetched.data;
  const news = list.data ?? [];

  if (!item && validId && fetched.isPending) return <Loading text="Cargando noticia…" />;
  if (!item) {
    const missing = !validId || (fetched.error instanceof ApiError && fetched.error.status === 404);
    return (
      <div className="news-detail">
        <h1 className="h3">{missing ? CONTENT_MESSAGES.newsNotFound : 'No se pudo cargar la noticia.'}</h1>
        <BackButton />
      </div>
    );
  }

  return (
    <article className="news-detail">
      <div className="d-flex flex-wrap gap-2 mb-3">
        <BackButton />
        <ShareButton title={item.title} />
      </div>
      <h1 className="news-detail-title">{item.title}</h1>
      <p className="text-body-secondary">
        <time dateTime={item.updated_at}>{formatLongDate(item.updated_at)}</time>
      </p>
      <StoredImage stored={item} fallbackWidth={800} className="news-detail-image" sizes={NEWS_DETAIL_SIZES} alt="" fetchPriority="high" />
      <NewsContent html={item.description} />
      {item.video_url && <VideoLink url={item.video_url} />}
      <RelatedNews items={relatedNews(news, item.id)} />
    </article>
  );
}
