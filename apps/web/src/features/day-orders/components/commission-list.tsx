import { AGENDA_SECTION_NUMBERS, AGENDA_SECTION_TITLES, type CommissionSection } from '@concejo/contracts';
import { useState, type KeyboardEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { addDispatch, removeDispatch } from '../agenda-form';
import { FieldError, invalidProps } from '../../../components/form/field-error';

type Props = {
  section: CommissionSection;
  items: readonly string[];
  /** The list's errors from the form (a repeated dispatch, a 422). */
  error: string[];
  onChange: (items: string[]) => void;
};

/**
 * A commission's dispatches: free texts added and removed one by one (sections 5 to 8). The text box's
 * own error (empty, repeated) clears as it is typed in, the list's as the list changes.
 */
export function CommissionList({ section, items, error, onChange }: Props) {
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const title = `${AGENDA_SECTION_NUMBERS[section]}. ${AGENDA_SECTION_TITLES[section]}`;
  const inputId = `commission-${section}`;
  const errors = [...(inputError ? [inputError] : []), ...error];

  const handleAdd = () => {
    const result = addDispatch(items, text);
    if ('error' in result) {
      setInputError(result.error);
      return;
    }
    setInputError(null);
    setText('');
    onChange(result.items);
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter adds the dispatch (Shift+Enter starts a new line), rather than sending the whole form.
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      handleAdd();
    }
  };

  return (
    <fieldset className="agenda-fieldset">
      <legend className="h5">{title}</legend>
      {items.length === 0 ? (
        <p className="text-body-secondary">Sin despachos.</p>
      ) : (
        <ol className="agenda-dispatches ps-0">
          {items.map((item, index) => (
            <li key={item} className="d-flex gap-2 align-items-start justify-content-between border rounded bg-white p-2 mb-2">
              <span className="agenda-subject">
                <span className="fw-semibold me-1">{AGENDA_SECTION_NUMBERS[section]}.{index + 1}</span>
                {item}
              </span>
              <Button variant="outline-danger" size="sm" aria-label={`Quitar el despacho ${index + 1}: ${item}`} onClick={() => onChange(removeDispatch(items, index))}>
                Quitar
              </Button>
            </li>
          ))}
        </ol>
      )}
      <Form.Label htmlFor={inputId}>Nuevo despacho</Form.Label>
      <div className="d-flex flex-column flex-sm-row gap-2">
        <Form.Control
          as="textarea"
          rows={2}
          id={inputId}
          value={text}
          {...invalidProps(inputId, errors)}
          onChange={(event) => {
            setText(event.target.value);
            setInputError(null);
          }}
          onKeyDown={handleKeyDown}
        />
        <Button variant="outline-primary" className="flex-shrink-0 align-self-sm-start" onClick={handleAdd}>
          Agregar
          <span className="visually-hidden"> despacho a {AGENDA_SECTION_TITLES[section]}</span>
        </Button>
      </div>
      <FieldError fieldId={inputId} error={errors} />
    </fieldset>
  );
}
