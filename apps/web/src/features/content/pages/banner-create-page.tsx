import { CONTENT_MESSAGES, CONTENT_STATUS_LABELS, IMAGE_ACCEPT, MAX_BANNER_TEXT } from '@concejo/contracts';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/toast/use-toast';
import { paths } from '../../../lib/paths';
import { useDelayed } from '../../../lib/use-delayed';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCreateBanner } from '../api/create-banner';
import { failureMessage, fieldErrorsOf, type FieldErrors } from '../content-form';
import { ImageInput } from '../components/image-input';
import { UploadProgress } from '../components/upload-progress';
import '../content.scss';

/** Spec 4: the banner list opens 3 s after the upload. */
export const REDIRECT_AFTER_BANNER_MS = 3000;

/** cargar-banner: image and state (+ its alternative text); 16/9 is advised, not enforced (spec 2.5.11). */
export function BannerCreatePage() {
  useDocumentTitle('Cargar Banner');
  const toast = useToast();
  const navigate = useNavigate();
  const later = useDelayed();
  const create = useCreateBanner();
  const [image, setImage] = useState<File | null>(null);
  const [status, setStatus] = useState('1');
  const [alt, setAlt] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!image) {
      setErrors({ image: [CONTENT_MESSAGES.bannerImageRequired] });
      toast.error(CONTENT_MESSAGES.bannerImageRequired);
      return;
    }
    setErrors({});
    const form = new FormData();
    form.append('image', image);
    form.append('status', status);
    form.append('type', 'banner');
    form.append('alt', alt);
    setProgress(0);
    create.mutate(
      { form, onProgress: setProgress },
      {
        onSuccess: () => {
          setDone(true);
          toast.success(CONTENT_MESSAGES.bannerCreated);
          later(() => void navigate(paths.panel.root.getHref('/cm')), REDIRECT_AFTER_BANNER_MS);
        },
        onError: (error) => {
          setProgress(null);
          setErrors(fieldErrorsOf(error));
          toast.error(failureMessage(error, CONTENT_MESSAGES.bannerCreateError));
        },
      },
    );
  };

  const busy = create.isPending || done;
  return (
    <div className="content-form-page">
      <h1 className="mb-3">Cargar Banner</h1>
      <Form noValidate onSubmit={handleSubmit} className="content-form">
        <ImageInput
          id="banner-image"
          label="Imagen del banner"
          file={image}
          accept={IMAGE_ACCEPT}
          wrongTypeMessage={CONTENT_MESSAGES.imageType}
          onChange={(file, error) => {
            setImage(file);
            setErrors(error ? { image: [error] } : {});
          }}
          error={errors.image}
          hint={`${CONTENT_MESSAGES.bannerRatioAdvice} PNG, JPEG o WebP, hasta 8 MB.`}
          disabled={busy}
        />
        <Form.Group className="mb-3" controlId="banner-status">
          <Form.Label>Estado</Form.Label>
          <Form.Select value={status} onChange={(event) => setStatus(event.target.value)} disabled={busy}>
            <option value="1">{CONTENT_STATUS_LABELS[1]}</option>
            <option value="0">{CONTENT_STATUS_LABELS[0]}</option>
          </Form.Select>
        </Form.Group>
        <Form.Group className="mb-3" controlId="banner-alt">
          <Form.Label>Texto alternativo (opcional)</Form.Label>
          <Form.Control value={alt} maxLength={MAX_BANNER_TEXT} onChange={(event) => setAlt(event.target.value)} disabled={busy} aria-describedby="banner-alt-hint" isInvalid={!!errors.alt} />
          <Form.Text id="banner-alt-hint" className="content-hint">
            Qué muestra la imagen, para quienes usan lectores de pantalla.
          </Form.Text>
          <Form.Control.Feedback type="invalid">{errors.alt?.join(' ')}</Form.Control.Feedback>
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
