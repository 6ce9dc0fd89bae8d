import { regulationDetailSchema, REGULATION_PATHS, type RegulationDetail } from '@concejo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { regulationQueryOptions } from './get-regulation';
import { REGULATIONS_QUERY_KEY } from './regulation-paths';

/** POST /regulations/:id: `changes` (JSON of the changed fields), `version` and the PDFs. 409 when stale. */
export function updateRegulation({ id, form }: { id: number; form: FormData }): Promise<RegulationDetail> {
  return apiClient.post(REGULATION_PATHS.one(id), { body: form, schema: regulationDetailSchema });
}

export function useUpdateRegulation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRegulation,
    onSuccess: async (detail) => {
      queryClient.setQueryData(regulationQueryOptions(detail.id).queryKey, detail);
      await queryClient.invalidateQueries({ queryKey: [REGULATIONS_QUERY_KEY, 'list'] });
    },
  });
}
