import Spinner from 'react-bootstrap/Spinner';

/** A spinner with its text, for screen readers and sighted users alike. */
export function Loading({ text = 'Cargando…' }: { text?: string }) {
  return (
    <div className="d-flex align-items-center gap-2 py-4" role="status">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
