import type { QueryClient } from '@tanstack/react-query';
import { paths } from '../lib/paths';
import { forgetPrivateQueries } from '../lib/query-client';
import { endSession, getSession } from '../lib/session';

type Navigator = { navigate: (to: string, options: { replace: boolean }) => Promise<void> };

/** The token expired or was revoked (a 401 anywhere): the session ends and the user logs in again. */
export async function leaveExpiredSession(router: Navigator, queryClient: QueryClient): Promise<void> {
  // Several requests can fail together; the first one already did the work.
  if (!getSession()) return;
  await endSession(() => router.navigate(paths.login.getHref(), { replace: true }));
  forgetPrivateQueries(queryClient);
}
