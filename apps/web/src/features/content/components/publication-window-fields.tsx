import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { FieldErrors } from '../content-form';

export type WindowValue = { publication: string; unpublication: string };

/** Publicación / despublicación (both optional): outside the window an active item stays off the home page. */
export function PublicationWindowFields({ idPrefix, value, onChange, errors }: { idPrefix: string; value: WindowValue; onChange: (value: WindowValue) => void; errors: FieldErrors }) {
  const field = (key: keyof WindowValue, name: 'publication_date' | 'unpublication_date', label: string) => {
    const id = `${idPrefix}-${name}`;
    const error = errors[name];
    return (
      <Form.Group as={Col} sm={6} className="mb-3" controlId={id}>
        <Form.Label>{label}</Form.Label>
        <Form.Control
          type="datetime-local"
          value={value[key]}
          onChange={(event) => onChange({ ...value, [key]: event.target.value })}
          isInvalid={!!error?.length}
          aria-describedby={`${idPrefix}-window-hint${error?.length ? ` ${id}-error` : ''}`}
        />
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error?.join(' ')}
        </Form.Control.Feedback>
      </Form.Group>
    );
  };
  return (
    <fieldset className="mb-2">
      <legend className="h6">Período de publicación</legend>
      <p id={`${idPrefix}-window-hint`} className="content-hint small mb-2">
        Opcional. Vacío: se publica mientras esté activo. Horario del Concejo.
      </p>
      <Row>
        {field('publication', 'publication_date', 'Publicar desde')}
        {field('unpublication', 'unpublication_date', 'Despublicar el')}
      </Row>
    </fieldset>
  );
}
