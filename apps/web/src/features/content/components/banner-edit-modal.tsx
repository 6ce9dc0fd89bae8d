import { CONTENT_MESSAGES, CONTENT_STATUS_LABELS, IMAGE_ACCEPT, MAX_BANNER_DESCRIPTION, MAX_BANNER_TEXT, type Banner } from '@concejo/contracts';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { FieldError, invalidProps } from '../../../components/form/field-error';
import { toFormData } from '../../../components/form/form-data';
import { applyServerErrors } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useToast } from '../../../components/toast/use-toast';
import { useCouncilDates } from '../../../components/site';
import { useUpdateBanner } from '../api/update-banner';
import { bannerEditFormSchema, failureMessage, firstMessage, imagePicker, windowFields, windowOf } from '../content-form';
import { ImageInput } from './image-input';
import { PublicationWindowFields } from './publication-window-fields';
import { UploadProgress } from './upload-progress';

const FIELDS = ['status', 'publication_date', 'unpublication_date', 'alt', 'caption', 'title', 'description', 'image'] as const;

/** What the carousel reads for a banner without alternative text (see BannerCarousel). */
const EMPTY_ALT_HINT = 'Si queda vacío, se lee «Banner» y su número en el carrusel (por ejemplo, «Banner 1»).';

/** Edits one banner: status, window, texts, and optionally a new image (spec 2.5.11). */
export function BannerEditModal({ banner, onClose }: { banner: Banner; onClose: () => void }) {
  const dates = useCouncilDates();
  const toast = useToast();
  const update = useUpdateBanner();
  const form = useZodForm(bannerEditFormSchema, {
    defaultValues: {
      status: String(banner.status),
      alt: banner.alt ?? '',
      caption: banner.caption,
      title: banner.title ?? '',
      description: banner.description ?? '',
      ...windowOf(banner, dates),
      image: null,
    },
  });
  const { register, handleSubmit, setError, watch, formState } = form;
  const errors = formState.errors;
  const [progress, setProgress] = useState<number | null>(null);

  const handleSave = handleSubmit(
    ({ image, publication_date, unpublication_date, caption, ...fields }) => {
      setProgress(image ? 0 : null);
      // Every field is sent: an empty text or date clears it.
      const body = toFormData({ ...fields, caption: String(caption ?? false), ...windowFields({ publication_date, unpublication_date }, dates), image });
      update.mutate(
        { id: banner.id, form: body, onProgress: image ? setProgress : undefined },
        {
          onSuccess: () => {
            toast.success(CONTENT_MESSAGES.bannerUpdated);
            onClose();
          },
          onError: (error) => {
            setProgress(null);
            applyServerErrors(error, setError, FIELDS);
            toast.error(failureMessage(error, CONTENT_MESSAGES.bannerUpdateError));
          },
        },
      );
    },
    (invalid) => toast.error(firstMessage(invalid, FIELDS)),
  );

  const id = (name: string) => `banner-${banner.id}-${name}`;
  return (
    <Modal show onHide={onClose} centered size="lg" aria-labelledby="banner-edit-title" backdrop={update.isPending ? 'static' : true}>
      <Form noValidate onSubmit={handleSave}>
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title as="h2" className="h5" id="banner-edit-title">
            Editar Banner
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group className="mb-3" controlId={id('status')}>
            <Form.Label>Estado</Form.Label>
            <Form.Select {...register('status')} {...invalidProps(id('status'), errors.status)}>
              <option value="1">{CONTENT_STATUS_LABELS[1]}</option>
              <option value="0">{CONTENT_STATUS_LABELS[0]}</option>
            </Form.Select>
            <FieldError fieldId={id('status')} error={errors.status} />
          </Form.Group>
          <PublicationWindowFields idPrefix={`banner-${banner.id}`} register={register} errors={errors} />
          <Form.Group className="mb-3" controlId={id('alt')}>
            <Form.Label>Texto alternativo</Form.Label>
            <Form.Control maxLength={MAX_BANNER_TEXT} {...register('alt')} {...invalidProps(id('alt'), errors.alt, id('alt-hint'))} />
            <Form.Text id={id('alt-hint')} className="content-hint">
              Describe la imagen para quienes no la ven. {EMPTY_ALT_HINT}
            </Form.Text>
            <FieldError fieldId={id('alt')} error={errors.alt} />
          </Form.Group>
          <Form.Check className="mb-3" id={id('caption')} type="switch" label="Mostrar título y descripción sobre la imagen" {...register('caption')} />
          <Form.Group className="mb-3" controlId={id('title')}>
            <Form.Label>Título</Form.Label>
            <Form.Control maxLength={MAX_BANNER_TEXT} {...register('title')} {...invalidProps(id('title'), errors.title)} />
            <FieldError fieldId={id('title')} error={errors.title} />
          </Form.Group>
          <Form.Group className="mb-3" controlId={id('description')}>
            <Form.Label>Descripción</Form.Label>
            <Form.Control as="textarea" rows={2} maxLength={MAX_BANNER_DESCRIPTION} {...register('description')} {...invalidProps(id('description'), errors.description)} />
            <FieldError fieldId={id('description')} error={errors.description} />
          </Form.Group>
          <ImageInput
            id={id('image')}
            label="Nueva imagen (opcional)"
            file={watch('image') ?? null}
            accept={IMAGE_ACCEPT}
            wrongTypeMessage={CONTENT_MESSAGES.imageType}
            onChange={imagePicker(form, 'image')}
            error={errors.image}
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
