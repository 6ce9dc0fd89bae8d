import { useEffect, useRef, type ChangeEvent, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidProps, type FieldMessage } from './form/field-error';

type FileInputProps = {
  id: string;
  label: string;
  /** The chosen file; when the form sets it back to null, the input empties too. */
  file: File | null;
  /** MIME types accepted, comma-separated: application/pdf, or image/png,image/jpeg. */
  accept: string;
  /** Shown (and the file dropped) when a file of another type is picked. */
  wrongTypeMessage: string;
  onChange: (file: File | null, error: string | null) => void;
  error?: FieldMessage;
  hint?: string;
  disabled?: boolean;
  /** Shown under the field, e.g. a preview of the chosen image. */
  children?: ReactNode;
};

/**
 * A labelled file input that only keeps files of the accepted type: anything else is cleared at once
 * and reported through onChange, so the message shows beside the field (aria-describedby).
 */
export function FileInput({ id, label, file, accept, wrongTypeMessage, onChange, error, hint, disabled, children }: FileInputProps) {
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (file === null && input.current) input.current.value = '';
  }, [file]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    if (picked && !accept.split(',').includes(picked.type)) {
      event.target.value = '';
      onChange(null, wrongTypeMessage);
      return;
    }
    onChange(picked, null);
  };

  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        ref={input}
        type="file"
        accept={accept}
        onChange={handleChange}
        disabled={disabled}
        {...invalidProps(id, error, hintId)}
      />
      {hint && (
        <Form.Text id={hintId} muted>
          {hint}
        </Form.Text>
      )}
      <FieldError fieldId={id} error={error} />
      {children}
    </Form.Group>
  );
}
