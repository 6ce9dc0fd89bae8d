import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';

/**
 * A list that could not be read: says so, unlike its empty state, and offers to ask again. `retrying`
 * while the new request is under way.
 */
export function LoadError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
      <span>{message}</span>
      <Button variant="outline-danger" size="sm" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Reintentando…' : 'Reintentar'}
      </Button>
    </Alert>
  );
}
