import { createDayOrderResponseSchema, DAY_ORDER_PATHS, type CreateDayOrderInput, type CreateDayOrderResponse } from '@concejo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { DAY_ORDERS_KEY, PUBLISHED_DAY_ORDERS_KEY } from './keys';

/** POST /day-orders: 201 with the new agenda's id and its PDF. */
export function createDayOrder(payload: CreateDayOrderInput): Promise<CreateDayOrderResponse> {
  return apiClient.post(DAY_ORDER_PATHS.list, { body: payload, schema: createDayOrderResponseSchema });
}

export function useCreateDayOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDayOrder,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [...PUBLISHED_DAY_ORDERS_KEY] });
      await queryClient.invalidateQueries({ queryKey: [...DAY_ORDERS_KEY] });
    },
  });
}
