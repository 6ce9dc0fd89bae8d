import { API_PATHS, loginResponseSchema, type LoginRequest, type LoginResponse } from '@concejo/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { getDeviceId, saveSession } from '../../../lib/session';

/** POST /login with this browser's Device-Id: the server keeps one token per device. */
export function login(credentials: LoginRequest): Promise<LoginResponse> {
  return apiClient.post(API_PATHS.login, {
    body: credentials,
    headers: { 'Device-Id': getDeviceId() },
    schema: loginResponseSchema,
  });
}

/** Logs in and stores the session; where to go next is the caller's choice. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    // A 401 here means wrong credentials, not an expired session.
    meta: { handlesUnauthorized: true },
    onSuccess: (response) => saveSession(response),
  });
}
