import { dayRangeErrors, REGULATION_STATE_LABELS, REGULATION_STATES, REGULATION_TYPE_LABELS, type RegulationType } from '@concejo/contracts';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { FieldError, invalidProps } from '../../../components/form/field-error';
import { AUTHOR_TYPE_FILTER_OPTIONS, EMPTY_FILTERS, type RegulationFilters as Filters } from '../filters';

type RegulationFiltersProps = {
  filters: Filters;
  onApply: (filters: Filters) => void;
};

const TYPES = Object.keys(REGULATION_TYPE_LABELS) as RegulationType[];

/**
 * The list's filters (spec 2.5.1). Nothing is searched until Filtrar; Limpiar clears them all. A «Hasta»
 * before «Desde» (or a day the API would refuse) is said under its field, as the public forms say it,
 * instead of a list that is silently empty; once shown, the message follows the field as it is corrected.
 */
export function RegulationFilters({ filters, onApply }: RegulationFiltersProps) {
  // The form edits a draft; the applied filters live in the URL. The parent remounts this on URL changes.
  const [draft, setDraft] = useState(filters);
  const [errors, setErrors] = useState<ReturnType<typeof dayRangeErrors> | null>(null);
  const set = (key: keyof Filters) => (event: { target: { value: string } }) => {
    const next = { ...draft, [key]: event.target.value };
    setDraft(next);
    if (errors) setErrors(dayRangeErrors(next));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = dayRangeErrors(draft);
    setErrors(found);
    const wrong = found.from ? 'filter-from' : found.to ? 'filter-to' : null;
    if (wrong) document.getElementById(wrong)?.focus();
    else onApply(draft);
  };

  const handleClear = () => {
    setDraft(EMPTY_FILTERS);
    setErrors(null);
    onApply(EMPTY_FILTERS);
  };

  return (
    // noValidate: our Spanish messages, not the browser's bubble for «Hasta»'s minimum.
    <Form onSubmit={handleSubmit} noValidate role="search" aria-label="Filtrar normativas" className="regulation-filters">
      <Row className="g-2">
        <Col xs={6} md={3} lg={2}>
          <Form.Group controlId="filter-number">
            <Form.Label>N°</Form.Label>
            <Form.Control type="text" inputMode="numeric" maxLength={20} value={draft.numberSearch} onChange={set('numberSearch')} />
          </Form.Group>
        </Col>
        <Col xs={12} md={9} lg={4}>
          <Form.Group controlId="filter-search">
            <Form.Label>Buscar (tema o palabras clave)</Form.Label>
            <Form.Control type="search" maxLength={200} value={draft.search} onChange={set('search')} />
          </Form.Group>
        </Col>
        <Col xs={6} md={4} lg={3}>
          <Form.Group controlId="filter-type">
            <Form.Label>Tipo</Form.Label>
            <Form.Select value={draft.type} onChange={set('type')}>
              <option value="">Todos</option>
              {TYPES.map((type) => (
                <option key={type} value={type}>
                  {REGULATION_TYPE_LABELS[type]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs={6} md={4} lg={3}>
          <Form.Group controlId="filter-state">
            <Form.Label>Estado</Form.Label>
            <Form.Select value={draft.state} onChange={set('state')}>
              <option value="">Todos</option>
              {REGULATION_STATES.map((state) => (
                <option key={state} value={state}>
                  {REGULATION_STATE_LABELS[state]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs={6} md={4} lg={3}>
          <Form.Group controlId="filter-author-type">
            <Form.Label>Tipo de autor</Form.Label>
            <Form.Select value={draft.author_type} onChange={set('author_type')}>
              <option value="">Todos</option>
              {AUTHOR_TYPE_FILTER_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs={6} md={4} lg={3}>
          <Form.Group controlId="filter-author">
            <Form.Label>Autor</Form.Label>
            <Form.Control type="text" maxLength={200} value={draft.author} onChange={set('author')} />
          </Form.Group>
        </Col>
        <Col xs={6} md={4} lg={3}>
          <Form.Group controlId="filter-from">
            <Form.Label>Desde</Form.Label>
            <Form.Control type="date" value={draft.from} onChange={set('from')} {...invalidProps('filter-from', errors?.from)} />
            <FieldError fieldId="filter-from" error={errors?.from} />
          </Form.Group>
        </Col>
        <Col xs={6} md={4} lg={3}>
          <Form.Group controlId="filter-to">
            <Form.Label>Hasta</Form.Label>
            <Form.Control type="date" min={draft.from || undefined} value={draft.to} onChange={set('to')} {...invalidProps('filter-to', errors?.to)} />
            <FieldError fieldId="filter-to" error={errors?.to} />
          </Form.Group>
        </Col>
        <Col xs={12} className="d-flex gap-2 justify-content-end">
          <Button variant="outline-dark" onClick={handleClear}>
            Limpiar
          </Button>
          <Button type="submit" variant="primary">
            Filtrar
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
