import { CONTACT_FIELDS, CONTACT_IMAGE_ACCEPT, CONTACT_SIDES, contactFormSchema, CONTENT_MESSAGES, MAX_CONTACT_ALT, type ContactRecord } from '@concejo/contracts';
import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { FieldError, invalidProps } from '../../../components/form/field-error';
import { toFormData } from '../../../components/form/form-data';
import { applyServerErrors } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { useToast } from '../../../components/toast/use-toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useContact, useUploadContact } from '../api/contact';
import { failureMessage, firstMessage, imagePicker } from '../content-form';
import { ImageInput } from '../components/image-input';
import { UploadProgress } from '../components/upload-progress';
import '../content.scss';

/** The form's fields in their order on screen (messages and the toast follow it). */
const FIELDS = CONTACT_SIDES.flatMap((side) => [CONTACT_FIELDS[side].image, CONTACT_FIELDS[side].alt]);
const SIDES = {
  left: { label: 'izquierda', variants: 'images_left' },
  right: { label: 'derecha', variants: 'images_right' },
} as const;

/** The form as it opens: no new image, and each side's current text alternative to keep or correct. */
const valuesOf = (record: ContactRecord | null) => ({
  image_left: null,
  image_right: null,
  image_left_alt: record?.image_left_alt ?? '',
  image_right_alt: record?.image_right_alt ?? '',
});

/**
 * cargar-contactos: 'Imagenes del apartado contactos', left and right, PNG or JPEG (spec 2.5.14 and 5),
 * each with its text alternative (issue 32), which can also be corrected alone.
 */
export function ContactsUploadPage() {
  useDocumentTitle('Imágenes de contacto');
  const current = useContact();
  return (
    <div className="content-form-page content-form-page-wide">
      <h1 className="mb-3">Imagenes del apartado contactos</h1>
      {current.isPending ? (
        <Loading />
      ) : current.isError ? (
        // The texts are edited against the current ones: without them the form would not know what changed.
        <LoadError message={CONTENT_MESSAGES.contactLoadFailed} onRetry={() => void current.refetch()} retrying={current.isFetching} />
      ) : (
        <ContactForm current={current.data} />
      )}
    </div>
  );
}

function ContactForm({ current }: { current: ContactRecord | null }) {
  const toast = useToast();
  const upload = useUploadContact();
  const schema = useMemo(() => contactFormSchema<File>(current), [current]);
  const form = useZodForm(schema, { defaultValues: valuesOf(current) });
  const { register, handleSubmit, reset, setError, watch, formState } = form;
  const [progress, setProgress] = useState<number | null>(null);

  const handleUpload = handleSubmit(
    (body) => {
      setProgress(0);
      upload.mutate(
        { form: toFormData(body), onProgress: setProgress },
        {
          onSuccess: (record) => {
            toast.success(CONTENT_MESSAGES.contactUploaded);
            reset(valuesOf(record));
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

  return (
    <Form noValidate onSubmit={handleUpload}>
      <Row>
        {CONTACT_SIDES.map((side) => {
          const { image, alt } = CONTACT_FIELDS[side];
          const altId = `contact-image-${side}-alt`;
          const stored = current?.[image] ?? null;
          return (
            <Col md={6} key={side}>
              <ImageInput
                id={`contact-image-${side}`}
                label={`Imagen ${SIDES[side].label}`}
                file={watch(image) ?? null}
                accept={CONTACT_IMAGE_ACCEPT}
                wrongTypeMessage={CONTENT_MESSAGES.contactPngOrJpeg}
                onChange={imagePicker(form, image)}
                error={formState.errors[image]}
                hint="PNG o JPG, hasta 8 MB."
                disabled={upload.isPending}
                currentUrl={current?.[SIDES[side].variants][0]?.url ?? stored}
                currentAlt={current?.[alt] ?? `Imagen ${SIDES[side].label} actual`}
              />
              <Form.Group className="mb-4" controlId={altId}>
                <Form.Label>Texto alternativo de la imagen {SIDES[side].label}</Form.Label>
                <Form.Control
                  as="textarea"
                  rows={4}
                  maxLength={MAX_CONTACT_ALT}
                  {...register(alt)}
                  disabled={upload.isPending}
                  {...invalidProps(altId, formState.errors[alt], `${altId}-hint`)}
                />
                <Form.Text id={`${altId}-hint`} className="content-hint">
                  Escribe lo que dice la imagen (dirección, teléfonos, correo, horarios), para quienes no pueden verla. Hasta{' '}
                  {MAX_CONTACT_ALT} caracteres.
                  {stored && current?.[alt] === null && ' Esta imagen todavía no tiene texto alternativo.'}
                </Form.Text>
                <FieldError fieldId={altId} error={formState.errors[alt]} />
              </Form.Group>
            </Col>
          );
        })}
      </Row>
      <UploadProgress fraction={progress} label="Subiendo imágenes" />
      <Button type="submit" disabled={upload.isPending}>
        {upload.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        Cargar imágenes
      </Button>
    </Form>
  );
}
