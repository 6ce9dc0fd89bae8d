import { regulationDetailSchema, REGULATION_PATHS, type RegulationDetail } from '@concejo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { REGULATIONS_QUERY_KEY } from './regulation-paths';

/** POST /old-regulations (multipart: date, type, dem_type, number, keywords[], pdf): 201. */
export function createOldRegulation(form: FormData): Promise<RegulationDetail> {
  return apiClient.post(REGULATION_PATHS.oldList, { body: form, schema: regulationDetailSchema });
}

export function useCreateOldRegulation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOldRegulation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [REGULATIONS_QUERY_KEY] }),
  });
}
