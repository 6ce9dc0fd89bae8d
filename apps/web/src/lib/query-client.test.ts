import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

describe('createQueryClient', () => {
  it('ends the session on a 401 from a query or a mutation', async () => {
    const onUnauthorized = vi.fn();
    const queryClient = createQueryClient({ onUnauthorized });
    await queryClient
      .fetchQuery({ queryKey: ['account'], queryFn: () => Promise.reject(new ApiError(401, 'No autenticado.')) })
      .catch(() => undefined);
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => Promise.reject(new ApiError(401, 'No autenticado.')) })
      .execute(undefined)
      .catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it('leaves other errors, and 401s the caller handles, to the caller', async () => {
    const onUnauthorized = vi.fn();
    const queryClient = createQueryClient({ onUnauthorized });
    await queryClient
      .fetchQuery({ queryKey: ['a'], queryFn: () => Promise.reject(new ApiError(403, 'No')), retry: false })
      .catch(() => undefined);
    await queryClient
      .getMutationCache()
      .build(queryClient, {
        mutationFn: () => Promise.reject(new ApiError(401, 'Email o contraseña incorrectos.')),
        meta: { handlesUnauthorized: true },
      })
      .execute(undefined)
      .catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
