import { DATE_RANGE, PUBLIC_REGULATION_TYPES, REGULATION_TYPE_LABELS } from '@concejo/contracts';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { EMPTY_FILTERS, filterErrors, NUMBER_MAX_LENGTH, SEARCH_MAX_LENGTH, writeFilterParams, type PublicRegulationFilters } from '../filters';

type Props = {
  filters: PublicRegulationFilters;
  onApply: (filters: PublicRegulationFilters) => void;
};

type FieldProps = {
  id: string;
  name: keyof PublicRegulationFilters;
  error: string | undefined;
};

/** The id of a field's message, so the field can point at it (aria-describedby). */
const errorId = (id: string) => `${id}-error`;

function invalidProps({ id, error }: FieldProps) {
  return { isInvalid: Boolean(error), 'aria-describedby': error ? errorId(id) : undefined };
}

/** N°, words, type and a from/to range, with Limpiar and Filtrar (spec 2.3). */
export function SearchFilters({ filters, onApply }: Props) {
  const [draft, setDraft] = useState(filters);
  const [submitted, setSubmitted] = useState(false);
  // The address changed (back button, a shared link, Limpiar): the form shows what it now says.
  // Compared by value, so that a re-render of the page does not wipe what the visitor is typing.
  const key = writeFilterParams(filters).toString();
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setDraft(filters);
    setSubmitted(false);
  }
  const errors = filterErrors(draft);
  // Errors show once the visitor tries to filter, and then follow what they type.
  const visible = submitted ? errors : {};

  const set = (name: keyof PublicRegulationFilters) => (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const first = Object.keys(errors)[0];
    if (first) {
      document.getElementById(`public-regulations-${first}`)?.focus();
      return;
    }
    onApply({ ...draft, numberSearch: draft.numberSearch.trim(), search: draft.search.trim() });
  };
  const handleClear = () => {
    setDraft(EMPTY_FILTERS);
    setSubmitted(false);
    onApply(EMPTY_FILTERS);
  };

  const field = (name: keyof PublicRegulationFilters): FieldProps => ({ id: `public-regulations-${name}`, name, error: visible[name] });
  const number = field('numberSearch');
  const search = field('search');
  const from = field('from');
  const to = field('to');

  return (
    <Form noValidate onSubmit={handleSubmit} className="row g-3 align-items-start">
      <Form.Group className="col-12 col-md-8 col-lg-6" controlId={search.id}>
        <Form.Label>Buscar</Form.Label>
        <Form.Control
          type="search"
          value={draft.search}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={set('search')}
          aria-describedby={[`${search.id}-hint`, search.error ? errorId(search.id) : ''].filter(Boolean).join(' ')}
          isInvalid={Boolean(search.error)}
        />
        <Form.Text id={`${search.id}-hint`} className="search-hint">
          Tema, palabras clave o texto del PDF; con o sin tildes.
        </Form.Text>
        <Form.Control.Feedback type="invalid" id={errorId(search.id)}>
          {search.error}
        </Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="col-6 col-md-4 col-lg-2" controlId={number.id}>
        <Form.Label>N°</Form.Label>
        <Form.Control type="text" inputMode="numeric" autoComplete="off" value={draft.numberSearch} maxLength={NUMBER_MAX_LENGTH} onChange={set('numberSearch')} {...invalidProps(number)} />
        <Form.Control.Feedback type="invalid" id={errorId(number.id)}>
          {number.error}
        </Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="col-6 col-md-4 col-lg-4" controlId="public-regulations-type">
        <Form.Label>Tipo</Form.Label>
        <Form.Select value={draft.type} onChange={set('type')}>
          <option value="">Todos</option>
          {PUBLIC_REGULATION_TYPES.map((type) => (
            <option key={type} value={type}>
              {REGULATION_TYPE_LABELS[type]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="col-6 col-md-4 col-lg-3" controlId={from.id}>
        <Form.Label>Desde</Form.Label>
        <Form.Control type="date" value={draft.from} min={DATE_RANGE.first} max={DATE_RANGE.last} onChange={set('from')} {...invalidProps(from)} />
        <Form.Control.Feedback type="invalid" id={errorId(from.id)}>
          {from.error}
        </Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="col-6 col-md-4 col-lg-3" controlId={to.id}>
        <Form.Label>Hasta</Form.Label>
        <Form.Control type="date" value={draft.to} min={draft.from || DATE_RANGE.first} max={DATE_RANGE.last} onChange={set('to')} {...invalidProps(to)} />
        <Form.Control.Feedback type="invalid" id={errorId(to.id)}>
          {to.error}
        </Form.Control.Feedback>
      </Form.Group>
      <div className="col-12 col-lg-6 align-self-end d-flex gap-2 justify-content-lg-end">
        <Button type="button" variant="outline-dark" className="flex-fill flex-lg-grow-0 px-4" onClick={handleClear}>
          Limpiar
        </Button>
        <Button type="submit" variant="primary" className="flex-fill flex-lg-grow-0 px-4">
          Filtrar
        </Button>
      </div>
    </Form>
  );
}
