import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';

type ConfirmModalProps = {
  show: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks before an action that cannot be undone; Cancelar has the focus first, so Enter never deletes by accident. */
export function ConfirmModal({ show, title, message, confirmLabel, cancelLabel = 'Cancelar', pending = false, onConfirm, onCancel }: ConfirmModalProps) {
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="confirm-modal-title" aria-describedby="confirm-modal-message">
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title as="h2" className="h5" id="confirm-modal-title">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p id="confirm-modal-message" className="mb-0">
          {message}
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-dark" onClick={onCancel} autoFocus>
          {cancelLabel}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending}>
          {pending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
