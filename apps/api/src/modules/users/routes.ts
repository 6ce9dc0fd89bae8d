import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_PATHS,
  createUserRequestSchema,
  errorBodySchema,
  managedUserListSchema,
  updateUserRoleRequestSchema,
  userMutationResponseSchema,
  usersQuerySchema,
} from '@concejo/contracts';
import type { UserService } from './service.js';
import { errorResponses, idParams } from '../../lib/route-schemas.js';

const errors = errorResponses(401, 403, 422);
const tags = ['users'];

export const userRoutes: FastifyPluginAsyncZod<{ users: UserService }> = async (app, { users }) => {
  /** Every account but the admins, optionally of one role. 200 (an array); 401; 403; 422 unknown role. */
  app.get(
    ACCOUNT_PATHS.users,
    {
      config: { access: 'users.manage' },
      schema: { tags, operationId: 'listUsers', summary: 'List the accounts (admins excluded)', querystring: usersQuerySchema, response: { 200: managedUserListSchema, ...errors } },
    },
    async (request) => users.list(request.query),
  );

  /** Registers an account with any role but admin. 201; 401; 403; 422 by field (spec 5, Register user). */
  app.post(
    ACCOUNT_PATHS.users,
    {
      config: { access: 'users.manage' },
      schema: { tags, operationId: 'createUser', summary: 'Register an account', body: createUserRequestSchema, response: { 201: userMutationResponseSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await users.create(request.user!, request.body)),
  );

  /** Changes a non-admin's role and ends their sessions. 200; 401; 403 (also for an admin's account); 404; 422. */
  app.patch(
    ACCOUNT_PATHS.userRoleRoute,
    {
      config: { access: 'users.manage' },
      schema: {
        tags,
        operationId: 'changeUserRole',
        summary: "Change an account's role",
        params: idParams,
        body: updateUserRoleRequestSchema,
        response: { 200: userMutationResponseSchema, 404: errorBodySchema, ...errors },
      },
    },
    async (request) => users.changeRole(request.user!, request.params.id, request.body),
  );
};
