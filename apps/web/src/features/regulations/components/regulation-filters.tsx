import { REGULATION_STATE_LABELS, REGULATION_STATES, REGULATION_TYPE_LABELS, type RegulationType } from '@concejo/contracts';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { AUTHOR_TYPE_FILTER_OPTIONS, EMPTY_FILTERS, type RegulationFilters as Filters } from '../filters';

type RegulationFiltersProps = {
  filters: Filters;
  onApply: (filters: Filters) => void;
};

const TYPES = Object.keys(REGULATION_TYPE_LABELS) as RegulationType[];

/** The list's filters (spec 2.5.1). Nothing is searched until Filtrar; Limpiar clears them all. */
export function RegulationFilters({ filters, onApply }: RegulationFiltersProps) {
  // The form edits a draft; the applied filters live in the URL. The parent remounts this on URL changes.
  const [draft, setDraft] = useState(filters);
  const set = (key: keyof Filters) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [key]: event.target.value }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(draft);
  };

  const handleClear = () => {
    setDraft(EMPTY_FILTERS);
    onApply(EMPTY_FILTERS);
  };

  return (
    <Form onSubmit={handleSubmit} role="search" aria-label="Filtrar normativas" className="regulation-filters">
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
            <Form.Control type="date" value={draft.from} onChange={set('from')} />
          </Form.Group>
        </Col>
        <Col xs={6} md={4} lg={3}>
          <Form.Group controlId="filter-to">
            <Form.Label>Hasta</Form.Label>
            <Form.Control type="date" value={draft.to} onChange={set('to')} />
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
