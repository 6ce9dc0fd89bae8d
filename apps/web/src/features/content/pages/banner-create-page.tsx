import { CONTENT_MESSAGES, CONTENT_STATUS_LABELS, IMAGE_ACCEPT, MAX_BANNER_TEXT } from '@concejo/contracts';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router';
import { FieldError, invalidProps } from '../../../components/form/field-error';
import { toFormData } from '../../../components/form/form-data';
import { applyServerErrors } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useToast } from '../../../components/toast/use-toast';
import { paths } from '../../../lib/paths';
import { useDelayed } from '../../../lib/use-delayed';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCreateBanner } from '../api/create-banner';
import { bannerCreateFormSchema, failureMessage, firstMessage, imagePicker } from '../content-form';
import { ImageInput } from '../components/image-input';
import { UploadProgress } from '../components/upload-progress';
import '../content.scss';

/** Spec 4: the banner list opens 3 s after the upload. */
export const REDIRECT_AFTER_BANNER_MS = 3000;

const FIELDS = ['image', 'status', 'alt'] as const;

/** cargar-banner: image and state (+ its alternative text); 16/9 is advised, not enforced (spec 2.5.11). */
export function BannerCreatePage() {
  useDocumentTitle('Cargar Banner');
  const toast = useToast();
  const navigate = useNavigate();
  const later = useDelayed();
  const create = useCreateBanner();
  const form = useZodForm(bannerCreateFormSchema, { defaultValues: { image: null, status: '1', alt: '' } });
  const { register, handleSubmit, setError, watch, formState } = form;
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);

  const handleCreate = handleSubmit(
    (fields) => {
      setProgress(0);
      create.mutate(
        { form: toFormData({ ...fields, type: 'banner' }), onProgress: setProgress },
        {
          onSuccess: () => {
            setDone(true);
            toast.success(CONTENT_MESSAGES.bannerCreated);
            later(() => void navigate(paths.panel.root.getHref('/cm')), REDIRECT_AFTER_BANNER_MS);
          },
          onError: (error) => {
            setProgress(null);
            applyServerErrors(error, setError, FIELDS);
            toast.error(failureMessage(error, CONTENT_MESSAGES.bannerCreateError));
          },
        },
      );
    },
    (errors) => toast.error(firstMessage(errors, FIELDS)),
  );

  const busy = create.isPending || done;
  return (
    <div className="content-form-page">
      <h1 className="mb-3">Cargar Banner</h1>
      <Form noValidate onSubmit={handleCreate} className="content-form">
        <ImageInput
          id="banner-image"
          label="Imagen del banner"
          file={watch('image') ?? null}
          accept={IMAGE_ACCEPT}
          wrongTypeMessage={CONTENT_MESSAGES.imageType}
          onChange={imagePicker(form, 'image')}
          error={formState.errors.image}
          hint={`${CONTENT_MESSAGES.bannerRatioAdvice} PNG, JPEG o WebP, hasta 8 MB.`}
          disabled={busy}
        />
        <Form.Group className="mb-3" controlId="banner-status">
          <Form.Label>Estado</Form.Label>
          <Form.Select {...register('status')} disabled={busy}>
            <option value="1">{CONTENT_STATUS_LABELS[1]}</option>
            <option value="0">{CONTENT_STATUS_LABELS[0]}</option>
          </Form.Select>
        </Form.Group>
        <Form.Group className="mb-3" controlId="banner-alt">
          <Form.Label>Texto alternativo (opcional)</Form.Label>
          <Form.Control maxLength={MAX_BANNER_TEXT} {...register('alt')} disabled={busy} {...invalidProps('banner-alt', formState.errors.alt, 'banner-alt-hint')} />
          <Form.Text id="banner-alt-hint" className="content-hint">
            Qué muestra la imagen, para quienes usan lectores de pantalla.
          </Form.Text>
          <FieldError fieldId="banner-alt" error={formState.errors.alt} />
        </Form.Group>
        <UploadProgress fraction={progress} label="Subiendo imagen" />
        <Button type="submit" disabled={busy}>
          {create.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          Subir Banner
        </Button>
      </Form>
    </div>
  );
}
