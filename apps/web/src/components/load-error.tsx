import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';

type Retry =
  /** In the app: ask again; `retrying` while the new request is under way. */
  | { onRetry: () => void; retrying: boolean; retryHref?: never }
  /** On a server-rendered page: the page's address, asked again (it works without a script). */
  | { retryHref: string; onRetry?: never; retrying?: never };

/** A list that could not be read: says so, unlike its empty state, and offers to ask again. */
export function LoadError({ message, ...retry }: { message: string } & Retry) {
  return (
    <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
      <span>{message}</span>
      {retry.retryHref !== undefined ? (
        <a className="btn btn-outline-danger btn-sm" href={retry.retryHref}>
          Reintentar
        </a>
      ) : (
        <Button variant="outline-danger" size="sm" onClick={retry.onRetry} disabled={retry.retrying}>
          {retry.retrying ? 'Reintentando…' : 'Reintentar'}
        </Button>
      )}
    </Alert>
  );
}
