import { DAY_ORDER_MESSAGES } from '@concejo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useToast } from '../../../components/toast/use-toast';
import { useDeleteDayOrder } from '../api/delete-day-order';
import { DAY_ORDERS_KEY, PUBLISHED_DAY_ORDERS_KEY } from '../api/keys';
import { useDelayed } from '../../../lib/use-delayed';
import { confirmDeleteMessage, deleteLabel, RELOAD_AFTER_DELETE_MS } from '../deletion';

/**
 * The admin's delete button of one row, with its confirmation (loaded only for admins). `of` completes
 * "la orden del día …" ("de la sesión del 10/03/2026, 19:00").
 */
export function DeleteDayOrderButton({ id, of }: { id: number; of: string }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteDayOrder();
  const toast = useToast();
  const queryClient = useQueryClient();
  const later = useDelayed();

  const handleConfirm = () => {
    remove.mutate(id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(DAY_ORDER_MESSAGES.deleted);
        later(() => {
          void queryClient.invalidateQueries({ queryKey: [...PUBLISHED_DAY_ORDERS_KEY] });
          void queryClient.invalidateQueries({ queryKey: [...DAY_ORDERS_KEY] });
        }, RELOAD_AFTER_DELETE_MS);
      },
      onError: () => {
        setConfirming(false);
        toast.error(DAY_ORDER_MESSAGES.deleteError);
      },
    });
  };

  return (
    <>
      <Button variant="outline-danger" size="sm" aria-label={deleteLabel(of)} onClick={() => setConfirming(true)}>
        Eliminar
      </Button>
      <ConfirmModal
        show={confirming}
        title={DAY_ORDER_MESSAGES.confirmDeleteTitle}
        message={confirmDeleteMessage(of)}
        confirmLabel="Eliminar"
        pending={remove.isPending}
        onConfirm={handleConfirm}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
