import type { NewsItem } from '@concejo/contracts';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { NewsContent } from '../../../components/news-content/news-content';
import { useCouncilDates } from '../../../components/site';
import { ContentImage } from './content-image';

/** 'Vista Previa': the item as a visitor will read it on its news page (the reference product never opened it). */
export function NewsPreviewModal({ item, onClose }: { item: NewsItem; onClose: () => void }) {
  const { formatLongDate } = useCouncilDates();
  return (
    <Modal show onHide={onClose} size="lg" centered aria-labelledby="news-preview-title">
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title as="h2" className="h5" id="news-preview-title">
          Vista Previa
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <article className="content-preview">
          <h3 className="h3">{item.title}</h3>
          <p className="content-hint">{formatLongDate(item.updated_at)}</p>
          <ContentImage image={item.image} images={item.images} alt={item.title} sizes="(min-width: 992px) 760px, 95vw" className="img-fluid rounded mb-3 w-100" width={item.image_width} height={item.image_height} />
          <NewsContent html={item.description} />
          {item.video_url && (
            <p className="mt-3">
              <a href={item.video_url} target="_blank" rel="noopener noreferrer">
                Ver el video o la publicación (se abre en otra pestaña)
              </a>
            </p>
          )}
        </article>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-dark" onClick={onClose}>
          Cerrar
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
