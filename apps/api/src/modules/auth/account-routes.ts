import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_PATHS,
  accountStatusResponseSchema,
  deviceIdSchema,
  errorBodySchema,
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
} from '@concejo/contracts';
import type { AccountService } from './account-service.js';

const tags = ['auth'];
const limited = { 422: errorBodySchema, 429: errorBodySchema };

// The link is opened by a browser: whatever arrives is checked by the service and answered with a
// redirect, never with a JSON validation error.
const verifyParams = z.object({ id: z.string(), hash: z.string() });
const verifyQuery = z.object({ expires: z.unknown().optional(), signature: z.unknown().optional() });
const text = (value: unknown) => (typeof value === 'string' && value.length <= 200 ? value : undefined);

export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (app, { account }) => {
  /**
   * Sends a password reset link to the address when it has an account. 200 with the same answer
   * whether it exists or not; 422 malformed e-mail; 429 too many requests (Retry-After).
   */
  app.post(
    ACCOUNT_PATHS.forgotPassword,
    {
      config: { access: 'public' },
      schema: {
        tags,
        operationId: 'requestPasswordReset',
        summary: 'E-mail a password reset link',
        body: forgotPasswordRequestSchema,
        response: { 200: accountStatusResponseSchema, ...limited },
      },
    },
    async (request) => account.forgotPassword({ ...request.body, ip: request.ip }),
  );

  /**
   * Sets a new password with the token of the e-mailed link. 200; 422 invalid password or a token
   * that is wrong, spent, replaced or expired (key `token`); 429 too many failed attempts. The
   * browser's Device-Id, when sent (optional here), is remembered with the address as the account's.
   */
  app.post(
    ACCOUNT_PATHS.resetPassword,
    {
      config: { access: 'public' },
      schema: {
        tags,
        operationId: 'resetPassword',
        summary: "Set a new password with the e-mailed link's token",
        body: resetPasswordRequestSchema,
        response: { 200: accountStatusResponseSchema, ...limited },
      },
    },
    async (request) => {
      const deviceId = deviceIdSchema.safeParse(request.headers['device-id']);
      return account.resetPassword({ ...request.body, ip: request.ip, ...(deviceId.success ? { deviceId: deviceId.data } : {}) });
    },
  );

  /**
   * E-mails a verification link to the logged-in account. 200 `{ status: 'verification-link-sent' }`
   * (or `already-verified`); 401; 429 too many requests; 503 the mail could not be sent.
   */
  app.post(
    ACCOUNT_PATHS.verificationNotification,
    {
      config: { access: 'account.self' },
      schema: {
        tags,
        operationId: 'sendVerificationEmail',
        summary: 'E-mail a verification link to the logged-in account',
        response: { 200: accountStatusResponseSchema, 401: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request) => account.sendVerification(request.user!),
  );

  /** The link of the verification e-mail: 302 to /verified/success, or /verified/error if tampered or expired. */
  app.get(
    ACCOUNT_PATHS.verifyEmailRoute,
    {
      config: { access: 'public' },
      schema: {
        tags,
        operationId: 'verifyEmail',
        summary: "Open the verification e-mail's link (redirects)",
        params: verifyParams,
        querystring: verifyQuery,
        response: { 302: z.null().describe('To /verified/success, or /verified/error when the link was tampered with or expired.') },
      },
    },
    async (request, reply) => {
      const { id, hash } = request.params;
      const outcome = await account.verifyEmail({ id, hash, expires: text(request.query.expires), signature: text(request.query.signature) });
      return reply.redirect(account.verifiedPageUrl(outcome), 302);
    },
  );
};
