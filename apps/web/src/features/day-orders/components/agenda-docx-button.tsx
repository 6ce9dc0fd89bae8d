import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useToast } from '../../../components/toast/use-toast';
import { getSessionSummary } from '../api/get-session-summary';

/** What a staff member is told when the Word document cannot be fetched. */
export const DOCX_ERROR = 'No se pudo obtener el documento Word de la orden del día. Inténtalo de nuevo.';

/**
 * 'Word' in a row of the staff's agenda list (loaded only there): asks the API for a fresh signed link
 * to the agenda's editable document (it expires, so it is never kept in the list) and downloads it.
 * `of` completes "la orden del día …".
 */
export function AgendaDocxButton({ id, of }: { id: number; of: string }) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const handleClick = () => {
    setBusy(true);
    getSessionSummary(String(id))
      .then(({ day_order }) => {
        if (!day_order.docx_path) throw new Error('no document');
        window.location.assign(day_order.docx_path);
      })
      .catch(() => toast.error(DOCX_ERROR))
      .finally(() => setBusy(false));
  };
  return (
    <Button variant="link" size="sm" className="p-0 ms-3 align-baseline" onClick={handleClick} disabled={busy} aria-label={`Descargar la orden del día ${of} en Word, para editarla`}>
      Word
    </Button>
  );
}
