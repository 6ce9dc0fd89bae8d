import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError, invalidProps, type FieldMessage } from '../../../components/form/field-error';

type WindowField = 'publication_date' | 'unpublication_date';

type Props = {
  idPrefix: string;
  /** The form's `register`, for the two fields. */
  register: (name: WindowField) => UseFormRegisterReturn;
  errors: Partial<Record<WindowField, FieldMessage>>;
};

/** Publicación / despublicación (both optional): outside the window an active item stays off the home page. */
export function PublicationWindowFields({ idPrefix, register, errors }: Props) {
  const hintId = `${idPrefix}-window-hint`;
  const field = (name: WindowField, label: string) => {
    const id = `${idPrefix}-${name}`;
    return (
      <Form.Group as={Col} sm={6} className="mb-3" controlId={id}>
        <Form.Label>{label}</Form.Label>
        <Form.Control type="datetime-local" {...register(name)} {...invalidProps(id, errors[name], hintId)} />
        <FieldError fieldId={id} error={errors[name]} />
      </Form.Group>
    );
  };
  return (
    <fieldset className="mb-2">
      <legend className="h6">Período de publicación</legend>
      <p id={hintId} className="content-hint small mb-2">
        Opcional. Vacío: se publica mientras esté activo. Horario del Concejo.
      </p>
      <Row>
        {field('publication_date', 'Publicar desde')}
        {field('unpublication_date', 'Despublicar el')}
      </Row>
    </fieldset>
  );
}
