import { CONTENT_MESSAGES, type Banner } from '@concejo/contracts';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { useToast } from '../../../components/toast/use-toast';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCouncilDates } from '../../../components/site';
import { useDeleteBanner } from '../api/delete-banner';
import { useBanners } from '../api/list-banners';
import { BannerEditModal } from '../components/banner-edit-modal';
import { ContentImage } from '../components/content-image';
import { StatusBadge } from '../components/status-badge';
import { matchesStatus, StatusFilter, type StatusFilterValue } from '../components/status-filter';
import '../content.scss';

const bannerName = (banner: Banner, index: number) => banner.alt || banner.title || `Banner ${index + 1}`;

/** The cm panel's home: the banners with a state filter, edit and delete (spec 2.5.11). */
export function BannerListPage() {
  const { formatDateTime } = useCouncilDates();
  useDocumentTitle('Gestionar Banners');
  const toast = useToast();
  const banners = useBanners();
  const remove = useDeleteBanner();
  const [filter, setFilter] = useState<StatusFilterValue>('all');
  const [editing, setEditing] = useState<Banner | null>(null);
  const [deleting, setDeleting] = useState<Banner | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(CONTENT_MESSAGES.bannerDeleted),
      onError: () => toast.error(CONTENT_MESSAGES.bannerDeleteError),
      onSettled: () => setDeleting(null),
    });
  };

  const shown = (banners.data ?? []).filter((banner) => matchesStatus(banner, filter));
  return (
    <div>
      <div className="content-page-head">
        <h1 className="mb-0">Gestionar Banners</h1>
        <Link to={paths.panel.bannerCreate.getHref('/cm')} className="btn btn-primary">
          Cargar banner
        </Link>
      </div>
      <StatusFilter id="banner-status-filter" label="Filtrar por estado" allLabel="Todos" value={filter} onChange={setFilter} />
      <section aria-label="Banners" aria-busy={banners.isFetching} className="mt-3">
        {banners.isPending ? (
          <Loading />
        ) : banners.isError && !banners.data ? (
          <LoadError message={CONTENT_MESSAGES.bannersListError} onRetry={() => void banners.refetch()} retrying={banners.isFetching} />
        ) : shown.length === 0 ? (
          <p>{filter === 'all' ? 'Todavía no hay banners. Cargue el primero.' : 'No hay banners con ese estado.'}</p>
        ) : (
          <ul className="content-card-grid list-unstyled">
            {shown.map((banner) => {
              const name = bannerName(banner, (banners.data ?? []).indexOf(banner));
              return (
                <li key={banner.id}>
                  <Card className="h-100 content-card">
                    <ContentImage image={banner.image} images={banner.images} alt={name} sizes="(min-width: 992px) 30vw, (min-width: 576px) 45vw, 95vw" className="card-img-top content-card-image" width={banner.image_width} height={banner.image_height} />
                    <Card.Body>
                      <div className="d-flex justify-content-between align-items-start gap-2 mb-2">
                        <h2 className="h6 mb-0 content-card-title">{name}</h2>
                        <StatusBadge status={banner.status} />
                      </div>
                      {banner.caption && banner.title && <p className="small mb-1">Texto sobre la imagen: {banner.title}</p>}
                      <p className="small mb-0 content-hint">
                        {banner.publication_date ? `Desde ${formatDateTime(banner.publication_date)}` : 'Sin fecha de inicio'}
                        {' · '}
                        {banner.unpublication_date ? `hasta ${formatDateTime(banner.unpublication_date)}` : 'sin fecha de fin'}
                      </p>
                    </Card.Body>
                    <Card.Footer className="d-flex gap-2 bg-white">
                      <Button variant="outline-primary" size="sm" onClick={() => setEditing(banner)} aria-label={`Editar ${name}`}>
                        Editar
                      </Button>
                      <Button variant="outline-danger" size="sm" onClick={() => setDeleting(banner)} aria-label={`Eliminar ${name}`}>
                        Eliminar
                      </Button>
                    </Card.Footer>
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {editing && <BannerEditModal key={editing.id} banner={editing} onClose={() => setEditing(null)} />}
      <ConfirmModal
        show={deleting !== null}
        title="Confirmar Eliminación"
        message={CONTENT_MESSAGES.confirmDeleteBanner}
        confirmLabel="Eliminar"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
