import { useState, type KeyboardEvent } from 'react';
import Button from 'react-bootstrap/Button';
import CloseButton from 'react-bootstrap/CloseButton';
import Form from 'react-bootstrap/Form';

type ListEditorProps = {
  id: string;
  label: string;
  /** Singular noun for the buttons: "autor", "palabra clave". */
  itemName: string;
  items: readonly string[];
  onChange: (items: string[]) => void;
  /** The first item that cannot be removed (a concejal's own name). */
  lockedFirst?: string | null;
  disabled?: boolean;
  error?: string[] | undefined;
};

/** A list of short texts added one by one (trimmed, never empty nor repeated) and removed with a button. */
export function ListEditor({ id, label, itemName, items, onChange, lockedFirst = null, disabled = false, error }: ListEditorProps) {
  const [draft, setDraft] = useState('');
  const errorId = `${id}-error`;
  const listId = `${id}-items`;

  const handleAdd = () => {
    const item = draft.trim().replace(/\s+/g, ' ');
    if (!item) return;
    if (!items.some((existing) => existing.toLocaleLowerCase('es') === item.toLocaleLowerCase('es'))) onChange([...items, item]);
    setDraft('');
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the item instead of submitting the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      handleAdd();
    }
  };

  const isLocked = (item: string, index: number) => index === 0 && lockedFirst !== null && item === lockedFirst;
  const invalid = !!error?.length;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <div className="d-flex gap-2 align-items-start">
        <Form.Control
          type="text"
          value={draft}
          disabled={disabled}
          maxLength={200}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={handleKeyDown}
          isInvalid={invalid}
          aria-invalid={invalid}
          aria-describedby={[items.length ? listId : null, invalid ? errorId : null].filter(Boolean).join(' ') || undefined}
        />
        <Button variant="outline-primary" className="flex-shrink-0" onClick={handleAdd} disabled={disabled || !draft.trim()}>
          Agregar <span className="visually-hidden">{itemName}</span>
        </Button>
      </div>
      {invalid && (
        <div className="invalid-feedback d-block" id={errorId}>
          {error?.join(' ')}
        </div>
      )}
      {items.length > 0 && (
        <ul id={listId} className="list-unstyled d-flex flex-wrap gap-2 mt-2 mb-0" aria-label={`Lista de ${label.toLowerCase()}`}>
          {items.map((item, index) => (
            <li key={item} className="badge text-bg-light border d-inline-flex align-items-center gap-2 list-editor-chip">
              <span>{item}</span>
              {!disabled && !isLocked(item, index) && (
                <CloseButton aria-label={`Quitar ${itemName} ${item}`} onClick={() => onChange(items.filter((_, at) => at !== index))} />
              )}
            </li>
          ))}
        </ul>
      )}
    </Form.Group>
  );
}
