import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

type AppMeta = {
  /** The caller reacts to 401 itself (login: bad credentials; logout: the session is already gone). */
  handlesUnauthorized?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppMeta;
    mutationMeta: AppMeta;
  }
}

/** Query keys of data anyone may see start with this; everything else belongs to the logged-in account. */
export const PUBLIC_QUERY_SCOPE = 'public';

function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * One QueryClient for the app. A 401 anywhere means the token expired or was revoked: the app ends
 * the session (onUnauthorized), rather than every screen handling it.
 */
export function createQueryClient({ onUnauthorized }: { onUnauthorized: () => void }): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isUnauthorized(error) && !query.meta?.handlesUnauthorized) onUnauthorized();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isUnauthorized(error) && !mutation.meta?.handlesUnauthorized) onUnauthorized();
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Retrying a 4xx cannot help; a network blip or a 5xx may.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}

/** Drops what the previous account could see, so that the next one on this browser never sees it. */
export function forgetPrivateQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== PUBLIC_QUERY_SCOPE });
}
