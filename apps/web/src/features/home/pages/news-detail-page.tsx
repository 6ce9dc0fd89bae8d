import { CONTENT_MESSAGES, type NewsItem } from '@concejo/contracts';
import Button from 'react-bootstrap/Button';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Loading } from '../../../components/loading';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePublishedNewsItem } from '../api/get-published-news-item';
import { usePublishedNews } from '../api/list-published-news';
import { NewsContent } from '../components/news-content';
import { RelatedNews } from '../components/related-news';
import { ShareButton } from '../components/share-button';
import { StoredImage } from '../components/stored-image';
import { NEWS_DETAIL_SIZES } from '../images';
import { formatNewsDate, readNewsState, relatedNews } from '../news-pages';

function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  // Opened from a shared link there is no page of ours to go back to: go home instead.
  const handleBack = () => (location.key !== 'default' && window.history.length > 1 ? navigate(-1) : navigate(paths.home.getHref()));
  return (
    <Button variant="outline-primary" onClick={handleBack}>
      Volver
    </Button>
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

/**
 * /noticia/{id} (spec 2.3). The news list comes as navigation state from the home page; opened from a
 * shared link or after a reload there is none, so the item and the list are fetched.
 */
export function NewsDetailPage() {
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const fromState = readNewsState(useLocation().state);
  const stateItem = fromState?.find((item) => item.id === id);
  const list = usePublishedNews({ enabled: !fromState });
  const fetched = usePublishedNewsItem(id, { enabled: validId && !stateItem });
  const item: NewsItem | undefined = stateItem ?? fetched.data;
  const news = fromState ?? list.data ?? [];
  useDocumentTitle(item?.title ?? 'Noticia');

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
        <time dateTime={item.updated_at}>{formatNewsDate(item.updated_at)}</time>
      </p>
      <StoredImage stored={item} fallbackWidth={800} className="news-detail-image" sizes={NEWS_DETAIL_SIZES} alt="" fetchPriority="high" />
      <NewsContent html={item.description} />
      {item.video_url && <VideoLink url={item.video_url} />}
      <RelatedNews items={relatedNews(news, item.id)} list={news} />
    </article>
  );
}
