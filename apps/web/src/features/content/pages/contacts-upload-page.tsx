import { CONTACT_IMAGE_ACCEPT, contactImagesFormSchema, CONTENT_MESSAGES } from '@concejo/contracts';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { toFormData } from '../../../components/form/form-data';
import { applyServerErrors } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useToast } from '../../../components/toast/use-toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useContact, useUploadContact } from '../api/contact';
import { failureMessage, firstMessage, imagePicker } from '../content-form';
import { ImageInput } from '../components/image-input';
import { UploadProgress } from '../components/upload-progress';
import '../content.scss';

const FIELDS = ['image_left', 'image_right'] as const;
const SIDES = [
  { field: 'image_left', label: 'izquierda', variants: 'images_left' },
  { field: 'image_right', label: 'derecha', variants: 'images_right' },
] as const;
const contactFormSchema = contactImagesFormSchema<File>();

/** cargar-contactos: 'Imagenes del apartado contactos', left and right, PNG or JPEG (spec 2.5.14 and 5). */
export function ContactsUploadPage() {
  useDocumentTitle('Imágenes de contacto');
  const toast = useToast();
  const current = useContact();
  const upload = useUploadContact();
  const form = useZodForm(contactFormSchema, { defaultValues: { image_left: null, image_right: null } });
  const { handleSubmit, reset, setError, watch, formState } = form;
  const [progress, setProgress] = useState<number | null>(null);

  const handleUpload = handleSubmit(
    (images) => {
      setProgress(0);
      upload.mutate(
        { form: toFormData(images), onProgress: setProgress },
        {
          onSuccess: () => {
            toast.success(CONTENT_MESSAGES.contactUploaded);
            reset();
            setProgress(null);
          },
          onError: (error) => {
            setProgress(null);
            applyServerErrors(error, setError, FIELDS);
            toast.error(failureMessage(error, CONTENT_MESSAGES.contactUploadError));
          },
        },
      );
    },
    (errors) => toast.error(firstMessage(errors, FIELDS)),
  );

  const record = current.data ?? null;
  return (
    <div className="content-form-page content-form-page-wide">
      <h1 className="mb-3">Imagenes del apartado contactos</h1>
      <Form noValidate onSubmit={handleUpload}>
        <Row>
          {SIDES.map(({ field, label, variants }) => (
            <Col md={6} key={field}>
              <ImageInput
                id={`contact-${field.replace('_', '-')}`}
                label={`Imagen ${label}`}
                file={watch(field) ?? null}
                accept={CONTACT_IMAGE_ACCEPT}
                wrongTypeMessage={CONTENT_MESSAGES.contactPngOrJpeg}
                onChange={imagePicker(form, field)}
                error={formState.errors[field]}
                hint="PNG o JPG, hasta 8 MB."
                disabled={upload.isPending}
                currentUrl={record?.[variants][0]?.url ?? record?.[field]}
                currentAlt={`Imagen ${label} actual`}
              />
            </Col>
          ))}
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
