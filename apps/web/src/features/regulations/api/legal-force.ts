import {
  REGULATION_PATHS,
  legalForceFactsAnswerSchema,
  linkDetailsAnswerSchema,
  type LegalForceFacts,
  type LegalForceFactsAnswer,
  type LinkDetails,
  type LinkDetailsAnswer,
} from '@concejo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { REGULATIONS_QUERY_KEY } from './regulation-paths';

/** PATCH /regulations/:id/links/:otherId: the note of a link and a suspension's last day. */
export function annotateLink(id: number, otherId: number, details: LinkDetails): Promise<LinkDetailsAnswer> {
  return apiClient.patch(REGULATION_PATHS.link(id, otherId), { body: details, schema: linkDetailsAnswerSchema });
}

/** PATCH /regulations/:id/legal-force: the term written in the norm and the day it was declared null. */
export function setLegalForceFacts(id: number, facts: LegalForceFacts): Promise<LegalForceFactsAnswer> {
  return apiClient.patch(REGULATION_PATHS.legalForce(id), { body: facts, schema: legalForceFactsAnswerSchema });
}

/** The changes of a norm's legal-force facts; each reloads the regulation (its links, force and history). */
export function useLegalForceMutations(id: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: [REGULATIONS_QUERY_KEY] });
  return {
    annotate: useMutation({ mutationFn: ({ otherId, details }: { otherId: number; details: LinkDetails }) => annotateLink(id, otherId, details), onSuccess }),
    setFacts: useMutation({ mutationFn: (facts: LegalForceFacts) => setLegalForceFacts(id, facts), onSuccess }),
  };
}
