import { regulationDetailSchema, REGULATION_PATHS, type RegulationDetail } from '@concejo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { REGULATIONS_QUERY_KEY } from './regulation-paths';

/** POST /regulations (multipart, spec 3): 201 with the registered regulation. */
export function createRegulation(form: FormData): Promise<RegulationDetail> {
  return apiClient.post(REGULATION_PATHS.list, { body: form, schema: regulationDetailSchema });
}

export function useCreateRegulation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRegulation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [REGULATIONS_QUERY_KEY] }),
  });
}
