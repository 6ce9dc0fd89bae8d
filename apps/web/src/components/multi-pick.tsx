import './multi-pick.scss';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import Form from 'react-bootstrap/Form';

export type MultiPickOption = {
  id: number;
  /** What the list shows and the screen reader reads. */
  label: string;
  /** A second, smaller line under the label. */
  detail?: string;
};

type MultiPickProps = {
  id: string;
  label: string;
  /** What has been typed; the caller searches with it. */
  query: string;
  onQueryChange: (query: string) => void;
  /** Results for the current query, already chosen ones included (they are filtered out here). */
  options: readonly MultiPickOption[];
  /** Chosen items; their label is what the chip shows. */
  selected: readonly MultiPickOption[];
  onSelect: (option: MultiPickOption) => void;
  onRemove: (id: number) => void;
  /** No search before this many characters. */
  minLength: number;
  loading?: boolean;
  failed?: boolean;
  error?: string[] | undefined;
  disabled?: boolean;
  /** Something each chosen item carries, shown in its chip before its label (e.g. a select of the link's kind). */
  renderChipControl?: (option: MultiPickOption) => ReactNode;
};

/**
 * A searchable multi-select (the ARIA 1.2 combobox with a listbox popup): type, move with the arrow
 * keys, Enter chooses, Escape closes. Chosen items are listed below with a button to remove each.
 */
export function MultiPick({ id, label, query, onQueryChange, options, selected, onSelect, onRemove, minLength, loading, failed, error, disabled, renderChipControl }: MultiPickProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const uid = useId();
  const listboxId = `${id}-listbox`;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  const chosen = new Set(selected.map((option) => option.id));
  const available = options.filter((option) => !chosen.has(option.id));
  const searching = query.trim().length >= minLength;
  const expanded = open && searching && available.length > 0;
  const activeIndex = Math.min(active, available.length - 1);
  const optionId = (index: number) => `${uid}-option-${index}`;

  let status = '';
  if (!searching) status = `Escriba al menos ${minLength} caracteres para buscar.`;
  else if (failed) status = 'No se pudo realizar la búsqueda.';
  else if (loading) status = 'Buscando…';
  else if (open) status = available.length ? `${available.length} resultados disponibles.` : 'No se encontraron resultados.';

  const choose = (option: MultiPickOption) => {
    onSelect(option);
    onQueryChange('');
    setActive(0);
    setOpen(false);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive(expanded ? (activeIndex + 1) % available.length : 0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive(expanded ? (activeIndex - 1 + available.length) % available.length : available.length - 1);
    } else if (event.key === 'Enter') {
      // Enter in the search box never submits the whole form.
      event.preventDefault();
      const option = expanded ? available[activeIndex] : undefined;
      if (option) choose(option);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const describedBy = [statusId, error?.length ? errorId : null].filter(Boolean).join(' ');
  return (
    <Form.Group className="mb-3 multi-pick" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <div className="position-relative">
        <Form.Control
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={expanded ? optionId(activeIndex) : undefined}
          aria-describedby={describedBy}
          aria-invalid={!!error?.length}
          isInvalid={!!error?.length}
          value={query}
          disabled={disabled}
          onChange={(event) => {
            onQueryChange(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={handleKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
        />
        <ul id={listboxId} role="listbox" aria-label={label} className={`multi-pick-list list-group shadow${expanded ? '' : ' d-none'}`}>
          {available.map((option, index) => (
            <li
              key={option.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={`list-group-item list-group-item-action${index === activeIndex ? ' active' : ''}`}
              // mousedown, not click: the input must not lose focus (and close the list) first.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option);
              }}
              onMouseEnter={() => setActive(index)}
            >
              <span className="d-block">{option.label}</span>
              {option.detail && <small className="d-block multi-pick-detail">{option.detail}</small>}
            </li>
          ))}
        </ul>
      </div>
      <Form.Text id={statusId} className="d-block multi-pick-status" aria-live="polite">
        {status}
      </Form.Text>
      {error?.length ? (
        <div id={errorId} className="invalid-feedback d-block">
          {error.join(' ')}
        </div>
      ) : null}
      {selected.length > 0 && (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mt-2 mb-0" aria-label={`${label}: seleccionadas`}>
          {selected.map((option) => (
            <li key={option.id} className="badge text-bg-light border d-inline-flex flex-wrap align-items-center gap-2 multi-pick-chip">
              {renderChipControl?.(option)}
              <span>{option.label}</span>
              <CloseButton aria-label={`Quitar ${option.label}`} onClick={() => onRemove(option.id)} disabled={disabled} />
            </li>
          ))}
        </ul>
      )}
    </Form.Group>
  );
}
