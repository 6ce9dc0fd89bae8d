import { useEffect, useMemo, useRef, type ChangeEvent } from 'react';
import Form from 'react-bootstrap/Form';

type ImageInputProps = {
  id: string;
  label: string;
  file: File | null;
  /** MIME types accepted, comma-separated (image/png,image/jpeg,...). */
  accept: string;
  /** Shown (and the file dropped) when a file of another type is picked. */
  wrongTypeMessage: string;
  onChange: (file: File | null, error: string | null) => void;
  error?: string[] | undefined;
  hint?: string;
  disabled?: boolean;
  /** Image shown while no new file is picked (the current one, when editing). */
  currentUrl?: string | null;
  currentAlt?: string;
};

/**
 * A labelled image picker with a preview. Only the accepted types are kept (the server checks the bytes
 * again); the message shows beside the field through aria-describedby.
 */
export function ImageInput({ id, label, file, accept, wrongTypeMessage, onChange, error, hint, disabled, currentUrl, currentAlt }: ImageInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);

  useEffect(() => {
    if (file === null && input.current) input.current.value = '';
  }, [file]);
  // The preview's object URL holds the file in memory until revoked.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

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
  const shown = preview ?? currentUrl ?? null;
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
        <Form.Text id={hintId} className="content-hint d-block">
          {hint}
        </Form.Text>
      )}
      <Form.Control.Feedback type="invalid" id={errorId}>
        {error?.join(' ')}
      </Form.Control.Feedback>
      {shown && (
        <img
          src={shown}
          alt={preview ? `Vista previa de ${file?.name ?? 'la imagen elegida'}` : (currentAlt ?? 'Imagen actual')}
          className="content-image-preview mt-2"
        />
      )}
    </Form.Group>
  );
}
