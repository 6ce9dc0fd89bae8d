import { REGULATION_PATHS } from '@concejo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient, type ResponseParser } from '../../../lib/api-client';

const messageResponse: ResponseParser<{ message: string }> = {
  parse(data) {
    const message = (data as { message?: unknown } | null)?.message;
    return { message: typeof message === 'string' ? message : '' };
  },
};

/** DELETE /old-regulations/:id: only old regulations can be deleted. */
export function deleteOldRegulation(id: number): Promise<{ message: string }> {
  return apiClient.delete(REGULATION_PATHS.oldOne(id), { schema: messageResponse });
}

/** The list reloads itself a second after the message (spec 4), so the caller invalidates then. */
export function useDeleteOldRegulation() {
  return useMutation({ mutationFn: deleteOldRegulation });
}
