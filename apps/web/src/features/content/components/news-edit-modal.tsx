import { CONTENT_MESSAGES, type NewsItem } from '@concejo/contracts';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { toFormData } from '../../../components/form/form-data';
import { applyServerErrors } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useToast } from '../../../components/toast/use-toast';
import { useCouncilDates } from '../../../components/site';
import { useUpdateNews } from '../api/update-news';
import { failureMessage, firstMessage, imagePicker, newsEditFormSchema, windowFields, windowOf } from '../content-form';
import { NewsFields } from './news-fields';
import { PublicationWindowFields } from './publication-window-fields';
import { UploadProgress } from './upload-progress';

const FIELDS = ['image', 'status', 'title', 'description', 'video_url', 'publication_date', 'unpublication_date'] as const;

/** 'Editar Noticia': status, window, title, description, link, and optionally a new image (spec 2.5.12). */
export function NewsEditModal({ item, onClose }: { item: NewsItem; onClose: () => void }) {
  const dates = useCouncilDates();
  const toast = useToast();
  const update = useUpdateNews();
  const form = useZodForm(newsEditFormSchema(item.image !== null), {
    defaultValues: { status: String(item.status), title: item.title, description: item.description, video_url: item.video_url ?? '', ...windowOf(item, dates), image: null },
  });
  const { register, handleSubmit, setValue, setError, watch, formState } = form;
  const [progress, setProgress] = useState<number | null>(null);

  const handleSave = handleSubmit(
    ({ image, publication_date, unpublication_date, video_url, ...fields }) => {
      setProgress(0);
      // Every field is sent: an empty link or date clears it.
      const body = toFormData({ ...fields, video_url: video_url ?? '', ...windowFields({ publication_date, unpublication_date }, dates), image });
      update.mutate(
        { id: item.id, form: body, onProgress: setProgress },
        {
          onSuccess: () => {
            toast.success(CONTENT_MESSAGES.newsUpdated);
            onClose();
          },
          onError: (error) => {
            setProgress(null);
            applyServerErrors(error, setError, FIELDS);
            toast.error(failureMessage(error, CONTENT_MESSAGES.newsUpdateError));
          },
        },
      );
    },
    (errors) => toast.error(firstMessage(errors, FIELDS)),
  );

  return (
    <Modal show onHide={onClose} size="lg" centered aria-labelledby="news-edit-title" backdrop={update.isPending ? 'static' : true}>
      <Form noValidate onSubmit={handleSave}>
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title as="h2" className="h5" id="news-edit-title">
            Editar Noticia
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <NewsFields
            idPrefix={`news-${item.id}`}
            register={register}
            errors={formState.errors}
            description={item.description}
            onDescription={(html) => setValue('description', html, { shouldDirty: true, shouldValidate: formState.isSubmitted })}
            image={watch('image') ?? null}
            onImage={imagePicker(form, 'image')}
            disabled={update.isPending}
            imageLabel="Nueva imagen (opcional)"
            currentImage={{ url: item.images[0]?.url ?? item.image, alt: `Imagen actual de «${item.title}»` }}
          />
          <PublicationWindowFields idPrefix={`news-${item.id}`} register={register} errors={formState.errors} />
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
