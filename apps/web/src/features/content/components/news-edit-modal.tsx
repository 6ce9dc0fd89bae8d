import { CONTENT_MESSAGES, type NewsItem } from '@concejo/contracts';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useToast } from '../../../components/toast/use-toast';
import { useUpdateNews } from '../api/update-news';
import { appendWindow, failureMessage, fieldErrorsOf, newsDraftErrors, windowError, windowOf, type FieldErrors, type NewsDraft } from '../content-form';
import { NewsFields } from './news-fields';
import { PublicationWindowFields } from './publication-window-fields';
import { UploadProgress } from './upload-progress';

/** 'Editar Noticia': status, window, title, description, link, and optionally a new image (spec 2.5.12). */
export function NewsEditModal({ item, onClose }: { item: NewsItem; onClose: () => void }) {
  const toast = useToast();
  const update = useUpdateNews();
  const [draft, setDraft] = useState<NewsDraft>({ status: String(item.status), title: item.title, description: item.description, videoUrl: item.video_url ?? '' });
  const [period, setPeriod] = useState(() => windowOf(item));
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [progress, setProgress] = useState<number | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = { ...newsDraftErrors(draft, image !== null || item.image !== null), ...windowError(period) };
    setErrors(found);
    if (Object.keys(found).length) {
      toast.error(Object.values(found)[0]![0]!);
      return;
    }
    const form = new FormData();
    form.append('status', draft.status);
    form.append('title', draft.title.trim());
    form.append('description', draft.description);
    form.append('video_url', draft.videoUrl.trim());
    appendWindow(form, period);
    if (image) form.append('image', image);
    setProgress(0);
    update.mutate(
      { id: item.id, form, onProgress: setProgress },
      {
        onSuccess: () => {
          toast.success(CONTENT_MESSAGES.newsUpdated);
          onClose();
        },
        onError: (error) => {
          setProgress(null);
          setErrors(fieldErrorsOf(error));
          toast.error(failureMessage(error, CONTENT_MESSAGES.newsUpdateError));
        },
      },
    );
  };

  return (
    <Modal show onHide={onClose} size="lg" centered aria-labelledby="news-edit-title" backdrop={update.isPending ? 'static' : true}>
      <Form noValidate onSubmit={handleSubmit}>
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title as="h2" className="h5" id="news-edit-title">
            Editar Noticia
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <NewsFields
            idPrefix={`news-${item.id}`}
            draft={draft}
            onChange={setDraft}
            image={image}
            onImage={(file, error) => {
              setImage(file);
              setErrors((current) => ({ ...current, image: error ? [error] : [] }));
            }}
            errors={errors}
            disabled={update.isPending}
            imageLabel="Nueva imagen (opcional)"
            currentImage={{ url: item.images[0]?.url ?? item.image, alt: `Imagen actual de «${item.title}»` }}
          />
          <PublicationWindowFields idPrefix={`news-${item.id}`} value={period} onChange={setPeriod} errors={errors} />
          <UploadProgress fraction={progress} label="Guardando" />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-dark" onClick={onClose} disabled={update.isPending}>
            Cancelar
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            Guardar cambios
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
