import { API_PATHS } from '@concejo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiClient } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { forgetPrivateQueries } from '../../../lib/query-client';
import { endSession } from '../../../lib/session';

/** POST /logout: revokes the token of this device. */
export function logout(): Promise<unknown> {
  return apiClient.post(API_PATHS.logout);
}

/**
 * Logs out and always ends up on /login with the session forgotten, whatever the server answers:
 * a 401 means the token was already dead, and a failure must never trap anyone in a session.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    meta: { handlesUnauthorized: true },
    onSettled: async () => {
      await endSession(() => navigate(paths.login.getHref(), { replace: true }));
      forgetPrivateQueries(queryClient);
    },
  });
}
