import Badge from 'react-bootstrap/Badge';
import { CONTENT_STATUS_LABELS, type ContentStatus } from '@concejo/contracts';

/** Activo in green, Inactivo in grey; the text says it, not only the colour. */
export function StatusBadge({ status }: { status: ContentStatus }) {
  return (
    <Badge bg={status === 1 ? 'success' : 'secondary'} className="content-status">
      {CONTENT_STATUS_LABELS[status]}
    </Badge>
  );
}
