import { AGENDA_SECTION_NUMBERS, AGENDA_SECTION_TITLES, REGULATION_TYPE_LABELS, type SourceItem, type SourceSection } from '@concejo/contracts';
import { useEffect, useRef } from 'react';
import Form from 'react-bootstrap/Form';
import { describedBy, FieldError } from '../../../components/form/field-error';
import { selectionState, toggleAll, toggleSelected } from '../agenda-form';

type Props = {
  section: SourceSection;
  items: readonly SourceItem[];
  selected: readonly number[];
  error: string[];
  onChange: (selected: number[]) => void;
};

/** One source section of the agenda: its pending regulations, each with a checkbox, and "select all". */
export function SourceSectionFieldset({ section, items, selected, error, onChange }: Props) {
  const number = AGENDA_SECTION_NUMBERS[section];
  const title = `${number}. ${AGENDA_SECTION_TITLES[section]}`;
  const state = selectionState(items, selected);
  const allRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = state === 'some';
  }, [state]);
  const fieldId = `source-${section}`;

  return (
    <fieldset className="agenda-fieldset" aria-describedby={describedBy(fieldId, error)}>
      <legend className="h5">{title}</legend>
      {items.length === 0 ? (
        <p className="text-body-secondary mb-0">No hay asuntos pendientes en el período buscado.</p>
      ) : (
        <>
          <Form.Check
            ref={allRef}
            id={`${fieldId}-all`}
            className="mb-2 fw-semibold"
            label={`Seleccionar todos (${selected.length} de ${items.length})`}
            checked={state === 'all'}
            onChange={(event) => onChange(toggleAll(items, event.target.checked))}
          />
          <ul className="list-unstyled mb-0 agenda-source-list">
            {items.map((item) => (
              <li key={item.id}>
                <Form.Check id={`${fieldId}-${item.id}`}>
                  <Form.Check.Input
                    type="checkbox"
                    checked={selected.includes(item.id)}
                    onChange={(event) => onChange(toggleSelected(selected, item.id, event.target.checked))}
                  />
                  <Form.Check.Label>
                    <span className="fw-semibold">
                      Cargo N° {item.cargo} – {REGULATION_TYPE_LABELS[item.type]}
                    </span>
                    <span className="d-block agenda-subject">{item.subject}</span>
                    {item.authors.length > 0 && (
                      <span className="d-block small text-body-secondary">
                        {item.authors.length > 1 ? 'Autores' : 'Autor'}: {item.authors.map((author) => author.name).join(', ')}
                      </span>
                    )}
                  </Form.Check.Label>
                </Form.Check>
              </li>
            ))}
          </ul>
        </>
      )}
      <FieldError fieldId={fieldId} error={error} />
    </fieldset>
  );
}
