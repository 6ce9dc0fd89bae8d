import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { EMPTY_FILTERS, type PublicDayOrderFilters } from '../filters';

type Props = {
  filters: PublicDayOrderFilters;
  onApply: (filters: PublicDayOrderFilters) => void;
};

/** From/to creation days with Limpiar and Filtrar (spec 2.3). */
export function PublicFilters({ filters, onApply }: Props) {
  const [draft, setDraft] = useState(filters);
  const [shown, setShown] = useState(filters);
  // The address changed (back button, a link): show what it says.
  if (shown !== filters) {
    setShown(filters);
    setDraft(filters);
  }
  const invalidRange = Boolean(draft.from && draft.to && draft.to < draft.from);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!invalidRange) onApply(draft);
  };
  const handleClear = () => {
    setDraft(EMPTY_FILTERS);
    onApply(EMPTY_FILTERS);
  };

  return (
    <Form noValidate onSubmit={handleSubmit} className="row g-3 align-items-end">
      <Form.Group className="col-12 col-sm-6 col-md-4" controlId="day-orders-from">
        <Form.Label>Desde</Form.Label>
        <Form.Control type="date" value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
      </Form.Group>
      <Form.Group className="col-12 col-sm-6 col-md-4" controlId="day-orders-to">
        <Form.Label>Hasta</Form.Label>
        <Form.Control
          type="date"
          value={draft.to}
          min={draft.from || undefined}
          isInvalid={invalidRange}
          aria-describedby={invalidRange ? 'day-orders-to-error' : undefined}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        />
        <Form.Control.Feedback type="invalid" id="day-orders-to-error">
          La fecha «Hasta» no puede ser anterior a «Desde».
        </Form.Control.Feedback>
      </Form.Group>
      <div className="col-12 col-md-4 d-flex gap-2">
        <Button type="button" variant="outline-dark" className="flex-fill" onClick={handleClear}>
          Limpiar
        </Button>
        <Button type="submit" variant="primary" className="flex-fill">
          Filtrar
        </Button>
      </div>
    </Form>
  );
}
