import { CONTENT_MESSAGES, type NewsItem } from '@concejo/contracts';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { useToast } from '../../../components/toast/use-toast';
import { useCouncilDates } from '../../../components/site';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { NewsContent } from '../../../components/news-content/news-content';
import { useDeleteNews } from '../api/delete-news';
import { useNews } from '../api/list-news';
import { ContentImage } from '../components/content-image';
import { NewsEditModal } from '../components/news-edit-modal';
import { NewsPreviewModal } from '../components/news-preview-modal';
import { StatusBadge } from '../components/status-badge';
import { matchesStatus, StatusFilter, type StatusFilterValue } from '../components/status-filter';
import '../content.scss';

/** gestionar-noticias: 'Lista de Noticias' with the status filter, preview, edit and delete (spec 2.5.12). */
export function NewsManagePage() {
  const { formatDateTime } = useCouncilDates();
  useDocumentTitle('Gestionar Noticias');
  const toast = useToast();
  const news = useNews();
  const remove = useDeleteNews();
  const [filter, setFilter] = useState<StatusFilterValue>('all');
  const [editing, setEditing] = useState<NewsItem | null>(null);
  const [previewing, setPreviewing] = useState<NewsItem | null>(null);
  const [deleting, setDeleting] = useState<NewsItem | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(CONTENT_MESSAGES.newsDeleted),
      onError: () => toast.error(CONTENT_MESSAGES.newsDeleteError),
      onSettled: () => setDeleting(null),
    });
  };

  const shown = (news.data ?? []).filter((item) => matchesStatus(item, filter));
  return (
    <div>
      <div className="content-page-head">
        <h1 className="mb-0">Lista de Noticias</h1>
        <Link to={paths.panel.newsCreate.getHref('/cm')} className="btn btn-primary">
          Crear nueva noticia
        </Link>
      </div>
      <StatusFilter id="news-status-filter" label="Filtrar por estado" allLabel="Todas" value={filter} onChange={setFilter} />
      <section aria-label="Noticias" aria-busy={news.isFetching} className="mt-3">
        {news.isPending ? (
          <Loading />
        ) : news.isError && !news.data ? (
          <LoadError message={CONTENT_MESSAGES.newsListError} onRetry={() => void news.refetch()} retrying={news.isFetching} />
        ) : shown.length === 0 ? (
          <p>{filter === 'all' ? 'Todavía no hay noticias. Cree la primera.' : 'No hay noticias con ese estado.'}</p>
        ) : (
          <Table bordered responsive className="bg-white align-middle content-news-table">
            <caption className="visually-hidden">Noticias, de la más reciente a la más antigua</caption>
            <thead>
              <tr>
                <th scope="col">Imagen</th>
                <th scope="col">Título</th>
                <th scope="col">Descripción</th>
                <th scope="col">Estado</th>
                <th scope="col">Acciones</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((item) => (
                <tr key={item.id}>
                  <td className="content-thumb-cell" data-label="Imagen">
                    {item.image ? (
                      <ContentImage image={item.image} images={item.images} alt="" sizes="(max-width: 767.98px) 22rem, 96px" className="content-thumb" width={item.image_width} height={item.image_height} />
                    ) : (
                      <span className="small content-hint">Sin imagen</span>
                    )}
                  </td>
                  <th scope="row" className="fw-semibold">
                    {item.title}
                    <span className="d-block small fw-normal content-hint">Actualizada {formatDateTime(item.updated_at)}</span>
                  </th>
                  <td data-label="Descripción">
                    <div className="content-description-clamp">
                      <NewsContent html={item.description} colours={false} />
                    </div>
                  </td>
                  <td data-label="Estado">
                    <StatusBadge status={item.status} />
                  </td>
                  <td data-label="Acciones">
                    <div className="d-flex flex-wrap gap-2">
                      <Button size="sm" variant="outline-dark" onClick={() => setPreviewing(item)} aria-label={`Vista previa de «${item.title}»`}>
                        Vista previa
                      </Button>
                      <Button size="sm" variant="outline-primary" onClick={() => setEditing(item)} aria-label={`Editar «${item.title}»`}>
                        Editar
                      </Button>
                      <Button size="sm" variant="outline-danger" onClick={() => setDeleting(item)} aria-label={`Eliminar «${item.title}»`}>
                        Eliminar
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </section>
      {editing && <NewsEditModal key={editing.id} item={editing} onClose={() => setEditing(null)} />}
      {previewing && <NewsPreviewModal item={previewing} onClose={() => setPreviewing(null)} />}
      <ConfirmModal
        show={deleting !== null}
        title="Confirmar Eliminación"
        message={CONTENT_MESSAGES.confirmDeleteNews}
        confirmLabel="Eliminar"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
