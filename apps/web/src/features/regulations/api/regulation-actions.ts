import { REGULATION_PATHS, regulationActionSchema, type ActionChanges, type NewAction, type RegulationAction } from '@concejo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { REGULATIONS_QUERY_KEY } from './regulation-paths';

/** POST /regulations/:id/actions: a manual step of the trámite. */
export function addRegulationAction(id: number, action: NewAction): Promise<RegulationAction> {
  return apiClient.post(REGULATION_PATHS.actions(id), { body: action, schema: regulationActionSchema });
}

/** PATCH /regulations/:id/actions/:actionId: the corrected date of a step. */
export function redateRegulationAction(id: number, actionId: number, changes: ActionChanges): Promise<RegulationAction> {
  return apiClient.patch(REGULATION_PATHS.action(id, actionId), { body: changes, schema: regulationActionSchema });
}

/** DELETE /regulations/:id/actions/:actionId: a manual step. */
export function deleteRegulationAction(id: number, actionId: number): Promise<unknown> {
  return apiClient.delete(REGULATION_PATHS.action(id, actionId));
}

/** PUT /regulations/:id/actions/:actionId/pdf: a despacho's PDF, attached or replaced. */
export function attachRegulationActionPdf(id: number, actionId: number, file: File): Promise<RegulationAction> {
  const body = new FormData();
  body.append('pdf', file);
  return apiClient.put(REGULATION_PATHS.actionPdf(id, actionId), { body, schema: regulationActionSchema });
}

/** DELETE /regulations/:id/actions/:actionId/pdf: a despacho's PDF removed. */
export function removeRegulationActionPdf(id: number, actionId: number): Promise<RegulationAction> {
  return apiClient.delete(REGULATION_PATHS.actionPdf(id, actionId), { schema: regulationActionSchema });
}

/** The changes of a trámite; each reloads the regulation (its steps and its history). */
export function useRegulationActionMutations(id: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: [REGULATIONS_QUERY_KEY] });
  return {
    add: useMutation({ mutationFn: (action: NewAction) => addRegulationAction(id, action), onSuccess }),
    redate: useMutation({ mutationFn: ({ actionId, date }: { actionId: number; date: string }) => redateRegulationAction(id, actionId, { date }), onSuccess }),
    remove: useMutation({ mutationFn: (actionId: number) => deleteRegulationAction(id, actionId), onSuccess }),
    attachPdf: useMutation({ mutationFn: ({ actionId, file }: { actionId: number; file: File }) => attachRegulationActionPdf(id, actionId, file), onSuccess }),
    removePdf: useMutation({ mutationFn: (actionId: number) => removeRegulationActionPdf(id, actionId), onSuccess }),
  };
}
