import { DAY_ORDER_PATHS, deleteDayOrderResponseSchema } from '@concejo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** DELETE /day-orders/:id (admin): the agenda and its PDF. */
export function deleteDayOrder(id: number): Promise<{ message: string }> {
  return apiClient.delete(DAY_ORDER_PATHS.one(id), { schema: deleteDayOrderResponseSchema });
}

/** The list reloads 1.5 s after the message (spec 4), so the caller invalidates it then. */
export function useDeleteDayOrder() {
  return useMutation({ mutationFn: deleteDayOrder });
}
