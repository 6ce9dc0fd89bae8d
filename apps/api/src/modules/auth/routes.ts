import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  MESSAGES,
  deviceIdSchema,
  errorBodySchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutResponseSchema,
  updateUserRequestSchema,
  userResponseSchema,
} from '@concejo/contracts';
import { ValidationFailed } from '../../lib/errors.js';
import type { AuthService } from './service.js';
import { errorResponses } from '../../lib/route-schemas.js';

const errors = errorResponses(401, 403, 422);

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  /**
   * Logs in from one device. 200 with the token; 401 bad credentials; 422 invalid body or missing
   * Device-Id; 429 too many failed attempts (Retry-After).
   */
  app.post(
    API_PATHS.login,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        operationId: 'login',
        summary: 'Log in from one device',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, 429: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const deviceId = deviceIdSchema.safeParse(request.headers['device-id']);
      if (!deviceId.success) throw ValidationFailed.field('Device-Id', MESSAGES.missingDeviceId);
      return auth.login({ ...request.body, deviceId: deviceId.data, ip: request.ip });
    },
  );

  /** Revokes the token used for this request. 200; 401 without a valid token. */
  app.post(
    API_PATHS.logout,
    {
      config: { access: 'account.self' },
      schema: { tags: ['auth'], operationId: 'logout', summary: 'Log out (revoke this token)', response: { 200: logoutResponseSchema, ...errors } },
    },
    async (request) => {
      await auth.logout(request.user!);
      return { message: 'Sesión cerrada.' };
    },
  );

  /** The logged-in account. 200; 401 without a valid token. */
  app.get(
    API_PATHS.user,
    {
      config: { access: 'account.self' },
      schema: { tags: ['auth'], operationId: 'getOwnAccount', summary: 'Get the logged-in account', response: { 200: userResponseSchema, ...errors } },
    },
    async (request) => auth.profile(request.user!),
  );

  /** Changes the account's own name and last name. 200; 401; 422 invalid body. */
  app.put(
    API_PATHS.user,
    {
      config: { access: 'account.self' },
      schema: {
        tags: ['auth'],
        operationId: 'updateOwnAccount',
        summary: "Change the account's own name",
        body: updateUserRequestSchema,
        response: { 200: userResponseSchema, ...errors },
      },
    },
    async (request) => auth.updateProfile(request.user!, request.body),
  );
};

