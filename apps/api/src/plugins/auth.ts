import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE, can, type Ability, type Role } from '@concejo/contracts';
import { Forbidden, Unauthenticated } from '../lib/errors.js';
import type { AuthService } from '../modules/auth/service.js';

/**
 * Who may call a route. Every route under /api/v1 declares one in `config.access`; the app refuses to
 * start otherwise, so no route is left open by omission.
 * - `public`: anyone;
 * - an ability of the roles table (packages/contracts/src/abilities.ts): a valid token whose role has it.
 */
export type Access = 'public' | Ability;

export interface AuthUser {
  id: number;
  role: Role;
  tokenId: number;
  /** The client's address for this request (through TRUST_PROXY), for the audit log. */
  address: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export const authPlugin = fp(
  async (app: FastifyInstance, { auth }: { auth: AuthService }) => {
    app.decorateRequest('user', null);

    app.addHook('onRoute', (route) => {
      if (route.url.startsWith(API_BASE) && route.config?.access === undefined) {
        throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
      }
    });

    // onRequest runs before the body is read: an anonymous upload is refused without parsing it.
    app.addHook('onRequest', (request, _reply, done) => {
      const access = request.routeOptions.config.access;
      // Public routes (most requests) pass without a promise.
      if (access === undefined || access === 'public') return done();
      authenticate(request, auth).then((user) => {
        if (!can(user.role, access)) return done(new Forbidden());
        request.user = user;
        done();
      }, done);
    });
  },
  { name: 'auth' },
);

async function authenticate(request: FastifyRequest, auth: AuthService): Promise<AuthUser> {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer ([A-Za-z0-9_-]{20,200})$/);
  if (!match?.[1]) throw new Unauthenticated();
  const user = await auth.userForToken(match[1]);
  if (!user) throw new Unauthenticated();
  return { ...user, address: request.ip };
}
