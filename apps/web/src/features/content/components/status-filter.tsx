import Form from 'react-bootstrap/Form';
import { CONTENT_STATUS_LABELS, type ContentStatus } from '@concejo/contracts';

export type StatusFilterValue = 'all' | `${ContentStatus}`;

/** Activo / Inactivo / all, applied in the browser (spec 4: the status filter is client-side). */
export function StatusFilter({ id, label, value, onChange, allLabel }: { id: string; label: string; value: StatusFilterValue; onChange: (value: StatusFilterValue) => void; allLabel: string }) {
  return (
    <Form.Group controlId={id} className="content-filter">
      <Form.Label>{label}</Form.Label>
      <Form.Select value={value} onChange={(event) => onChange(event.target.value as StatusFilterValue)}>
        <option value="all">{allLabel}</option>
        <option value="1">{CONTENT_STATUS_LABELS[1]}</option>
        <option value="0">{CONTENT_STATUS_LABELS[0]}</option>
      </Form.Select>
    </Form.Group>
  );
}

export function matchesStatus(item: { status: ContentStatus }, filter: StatusFilterValue): boolean {
  return filter === 'all' || String(item.status) === filter;
}
