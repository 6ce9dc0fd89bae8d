import { useEffect, useRef, type ChangeEvent, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

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
  error?: string[] | undefined;
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

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error?.length ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        ref={input}
        type="file"
        accept={accept}
        onChange={handleChange}
        disabled={disabled}
        isInvalid={!!error?.length}
        aria-invalid={!!error?.length}
        aria-describedby={describedBy}
      />
      {hint && (
        <Form.Text id={hintId} muted>
          {hint}
        </Form.Text>
      )}
      <Form.Control.Feedback type="invalid" id={errorId}>
        {error?.join(' ')}
      </Form.Control.Feedback>
      {children}
    </Form.Group>
  );
}
