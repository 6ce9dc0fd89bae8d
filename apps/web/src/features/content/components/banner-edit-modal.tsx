import { CONTENT_MESSAGES, CONTENT_STATUS_LABELS, IMAGE_ACCEPT, MAX_BANNER_DESCRIPTION, MAX_BANNER_TEXT, type Banner } from '@concejo/contracts';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useToast } from '../../../components/toast/use-toast';
import { useUpdateBanner } from '../api/update-banner';
import { appendWindow, failureMessage, fieldErrorsOf, windowError, windowOf, type FieldErrors } from '../content-form';
import { ImageInput } from './image-input';
import { PublicationWindowFields } from './publication-window-fields';
import { UploadProgress } from './upload-progress';

/** Edits one banner: status, window, texts, and optionally a new image (spec 2.5.11). */
export function BannerEditModal({ banner, onClose }: { banner: Banner; onClose: () => void }) {
  const toast = useToast();
  const update = useUpdateBanner();
  const [status, setStatus] = useState<string>(String(banner.status));
  const [alt, setAlt] = useState(banner.alt ?? '');
  const [caption, setCaption] = useState(banner.caption);
  const [title, setTitle] = useState(banner.title ?? '');
  const [description, setDescription] = useState(banner.description ?? '');
  const [period, setPeriod] = useState(() => windowOf(banner));
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [progress, setProgress] = useState<number | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = windowError(period);
    setErrors(found);
    if (Object.keys(found).length) return;
    const form = new FormData();
    form.append('status', status);
    form.append('alt', alt);
    form.append('caption', String(caption));
    form.append('title', title);
    form.append('description', description);
    appendWindow(form, period);
    if (image) form.append('image', image);
    setProgress(image ? 0 : null);
    update.mutate(
      { id: banner.id, form, onProgress: image ? setProgress : undefined },
      {
        onSuccess: () => {
          toast.success(CONTENT_MESSAGES.bannerUpdated);
          onClose();
        },
        onError: (error) => {
          setProgress(null);
          setErrors(fieldErrorsOf(error));
          toast.error(failureMessage(error, CONTENT_MESSAGES.bannerUpdateError));
        },
      },
    );
  };

  const idPrefix = `banner-${banner.id}`;
  return (
    <Modal show onHide={onClose} centered size="lg" aria-labelledby="banner-edit-title" backdrop={update.isPending ? 'static' : true}>
      <Form noValidate onSubmit={handleSubmit}>
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title as="h2" className="h5" id="banner-edit-title">
            Editar Banner
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group className="mb-3" controlId={`${idPrefix}-status`}>
            <Form.Label>Estado</Form.Label>
            <Form.Select value={status} onChange={(event) => setStatus(event.target.value)}>
              <option value="1">{CONTENT_STATUS_LABELS[1]}</option>
              <option value="0">{CONTENT_STATUS_LABELS[0]}</option>
            </Form.Select>
          </Form.Group>
          <PublicationWindowFields idPrefix={idPrefix} value={period} onChange={setPeriod} errors={errors} />
          <Form.Group className="mb-3" controlId={`${idPrefix}-alt`}>
            <Form.Label>Texto alternativo</Form.Label>
            <Form.Control value={alt} maxLength={MAX_BANNER_TEXT} onChange={(event) => setAlt(event.target.value)} isInvalid={!!errors.alt} aria-describedby={`${idPrefix}-alt-hint`} />
            <Form.Text id={`${idPrefix}-alt-hint`} className="content-hint">
              Describe la imagen para quienes no la ven. Vacío: «Banner {'{n}'}».
            </Form.Text>
            <Form.Control.Feedback type="invalid">{errors.alt?.join(' ')}</Form.Control.Feedback>
          </Form.Group>
          <Form.Check className="mb-3" id={`${idPrefix}-caption`} type="switch" label="Mostrar título y descripción sobre la imagen" checked={caption} onChange={(event) => setCaption(event.target.checked)} />
          <Form.Group className="mb-3" controlId={`${idPrefix}-title`}>
            <Form.Label>Título</Form.Label>
            <Form.Control value={title} maxLength={MAX_BANNER_TEXT} onChange={(event) => setTitle(event.target.value)} isInvalid={!!errors.title} />
            <Form.Control.Feedback type="invalid">{errors.title?.join(' ')}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId={`${idPrefix}-description`}>
            <Form.Label>Descripción</Form.Label>
            <Form.Control as="textarea" rows={2} value={description} maxLength={MAX_BANNER_DESCRIPTION} onChange={(event) => setDescription(event.target.value)} isInvalid={!!errors.description} />
            <Form.Control.Feedback type="invalid">{errors.description?.join(' ')}</Form.Control.Feedback>
          </Form.Group>
          <ImageInput
            id={`${idPrefix}-image`}
            label="Nueva imagen (opcional)"
            file={image}
            accept={IMAGE_ACCEPT}
            wrongTypeMessage={CONTENT_MESSAGES.imageType}
            onChange={(file, error) => {
              setImage(file);
              setErrors((current) => ({ ...current, image: error ? [error] : [] }));
            }}
            error={errors.image?.length ? errors.image : undefined}
            hint={CONTENT_MESSAGES.bannerRatioAdvice}
            currentUrl={banner.images[0]?.url ?? banner.image}
            currentAlt={`Imagen actual: ${banner.alt ?? `Banner ${banner.id}`}`}
          />
          <UploadProgress fraction={progress} label="Subiendo imagen" />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-dark" onClick={onClose} disabled={update.isPending}>
            Cancelar
          </Button>
          <Button type="submit" variant="primary" disabled={update.isPending}>
            {update.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            Guardar cambios
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
