import { CONTACT_IMAGE_ACCEPT, CONTENT_MESSAGES } from '@concejo/contracts';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useToast } from '../../../components/toast/use-toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useContact, useUploadContact } from '../api/contact';
import { failureMessage, fieldErrorsOf, type FieldErrors } from '../content-form';
import { ImageInput } from '../components/image-input';
import { UploadProgress } from '../components/upload-progress';
import '../content.scss';

/** cargar-contactos: 'Imagenes del apartado contactos', left and right, PNG or JPEG (spec 2.5.14 and 5). */
export function ContactsUploadPage() {
  useDocumentTitle('Imágenes de contacto');
  const toast = useToast();
  const current = useContact();
  const upload = useUploadContact();
  const [left, setLeft] = useState<File | null>(null);
  const [right, setRight] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [progress, setProgress] = useState<number | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!left && !right) {
      setErrors({ image_left: [CONTENT_MESSAGES.contactImageRequired] });
      toast.error(CONTENT_MESSAGES.contactImageRequired);
      return;
    }
    setErrors({});
    const form = new FormData();
    if (left) form.append('image_left', left);
    if (right) form.append('image_right', right);
    setProgress(0);
    upload.mutate(
      { form, onProgress: setProgress },
      {
        onSuccess: () => {
          toast.success(CONTENT_MESSAGES.contactUploaded);
          setLeft(null);
          setRight(null);
          setProgress(null);
        },
        onError: (error) => {
          setProgress(null);
          setErrors(fieldErrorsOf(error));
          toast.error(failureMessage(error, CONTENT_MESSAGES.contactUploadError));
        },
      },
    );
  };

  const pick = (setter: (file: File | null) => void, field: string) => (file: File | null, error: string | null) => {
    setter(file);
    setErrors((currentErrors) => ({ ...currentErrors, [field]: error ? [error] : [] }));
  };
  const record = current.data ?? null;
  return (
    <div className="content-form-page content-form-page-wide">
      <h1 className="mb-3">Imagenes del apartado contactos</h1>
      <Form noValidate onSubmit={handleSubmit}>
        <Row>
          <Col md={6}>
            <ImageInput
              id="contact-image-left"
              label="Imagen izquierda"
              file={left}
              accept={CONTACT_IMAGE_ACCEPT}
              wrongTypeMessage={CONTENT_MESSAGES.contactPngOrJpeg}
              onChange={pick(setLeft, 'image_left')}
              error={errors.image_left?.length ? errors.image_left : undefined}
              hint="PNG o JPG, hasta 8 MB."
              disabled={upload.isPending}
              currentUrl={record?.images_left[0]?.url ?? record?.image_left}
              currentAlt="Imagen izquierda actual"
            />
          </Col>
          <Col md={6}>
            <ImageInput
              id="contact-image-right"
              label="Imagen derecha"
              file={right}
              accept={CONTACT_IMAGE_ACCEPT}
              wrongTypeMessage={CONTENT_MESSAGES.contactPngOrJpeg}
              onChange={pick(setRight, 'image_right')}
              error={errors.image_right?.length ? errors.image_right : undefined}
              hint="PNG o JPG, hasta 8 MB."
              disabled={upload.isPending}
              currentUrl={record?.images_right[0]?.url ?? record?.image_right}
              currentAlt="Imagen derecha actual"
            />
          </Col>
        </Row>
        <UploadProgress fraction={progress} label="Subiendo imágenes" />
        <Button type="submit" disabled={upload.isPending}>
          {upload.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          Cargar imágenes
        </Button>
      </Form>
    </div>
  );
}
