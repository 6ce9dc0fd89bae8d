import { useState, type ChangeEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';

type Props = {
  id: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  autoComplete: 'new-password' | 'current-password';
  label: string;
  /** Messages under the field (the API's 422 or the form's own check). */
  error?: string[] | undefined;
  hint?: string;
};

/**
 * A password input with a show/hide toggle (spec 2.5.10). The toggle is a real button whose name says
 * what it will do next, so keyboard and screen reader users get it too.
 */
export function PasswordField({ id, label, error, hint, value, onChange, autoComplete }: Props) {
  const [visible, setVisible] = useState(false);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = !!error?.length;
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          value={value}
          onChange={onChange}
          autoComplete={autoComplete}
          type={visible ? 'text' : 'password'}
          autoCapitalize="off"
          spellCheck={false}
          isInvalid={invalid}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        />
        <Button
          variant="outline-dark"
          onClick={() => setVisible((current) => !current)}
          aria-controls={id}
          // The name starts with the visible word (WCAG 2.5.3) and says which field it acts on.
          aria-label={`${visible ? 'Ocultar' : 'Mostrar'} ${label.charAt(0).toLowerCase()}${label.slice(1)}`}
        >
          {visible ? 'Ocultar' : 'Mostrar'}
        </Button>
        {invalid && (
          <Form.Control.Feedback type="invalid" id={errorId}>
            {error!.join(' ')}
          </Form.Control.Feedback>
        )}
      </InputGroup>
      {hint && (
        <Form.Text id={hintId} muted>
          {hint}
        </Form.Text>
      )}
    </Form.Group>
  );
}
