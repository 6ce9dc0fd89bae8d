import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_BASE, errorBodySchema } from '@concejo/contracts';
import type { MultipartSpec } from '../lib/multipart.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A multipart route's form (lib/multipart.ts): the API description lists its fields and files from it. */
    multipart?: MultipartSpec;
  }
}

const BEARER = 'bearer';
/** Every error answer has this body: one component, referenced by every operation (one type in a client). */
const ERROR_BODY = 'ErrorBody';

/** Why each error status is answered: the same for every operation, so written once. */
const ERROR_RESPONSES: Record<number, string> = {
  401: 'Not authenticated: no valid token (missing, expired, revoked or idle too long), or wrong credentials at login.',
  403: 'Not allowed for this account.',
  404: 'No record with this identifier.',
  409: 'Someone else saved the record in between: reload it and edit again.',
  413: 'The body, a field or a file is larger than its limit.',
  422: 'The input is not valid: `message` says why, `errors` gives the messages by field.',
  429: 'Too many requests: try again after the seconds in `Retry-After`.',
  503: 'Temporarily unavailable (a restart, or the database out of reach): try again after `Retry-After` seconds.',
};
const RETRY_AFTER = { 'Retry-After': { type: 'integer', description: 'Seconds to wait before trying again.' } };
const SUCCESS_DESCRIPTIONS: Record<string, string> = { 200: 'OK.', 201: 'Created.', 204: 'Nothing to show.', 302: 'Redirect.' };

/** Tags in the order the browsable docs show them. */
const TAGS = [
  { name: 'auth', description: 'Logging in and out, the own account, password reset and e-mail verification.' },
  { name: 'users', description: "The admin's account management." },
  { name: 'public', description: 'The public search of regulations, its open-data downloads and feed.' },
  { name: 'regulations', description: 'The staff registry of regulations.' },
  { name: 'day-orders', description: 'Session agendas.' },
  { name: 'banners', description: "The home page's carousel." },
  { name: 'news', description: "The home page's news." },
  { name: 'contact', description: "The home page's contact images." },
  { name: 'subscriptions', description: "Citizens' e-mail alerts: subscribe (double opt-in), confirm, unsubscribe with one click; counts for the admin." },
  { name: 'site', description: "The council's name and public profiles." },
  { name: 'public-media', description: 'Session videos and the weather, through the server.' },
  { name: 'health', description: 'Liveness and readiness for operators and load balancers.' },
];

/**
 * OpenAPI 3.0 generated from the routes, browsable at /api/docs (JSON at /api/docs/json). Each
 * route's zod schemas give its parameters, bodies and answers; its `summary` (its JSDoc's gist) and its
 * `operationId` are in its schema. The rest is added here for every operation, from what the route
 * already declares: its security from `config.access`, its multipart body from `config.multipart`,
 * and the error answers that follow from both (401/403 behind a token, 422 for input, 404 for an
 * identifier in the path, 413 for an upload). `redocly lint` checks the result (redocly.yaml).
 */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Concejo Deliberante API',
        version: '1',
        description:
          'The API of the council site. Staff operations take the token of `POST /api/v1/login` as `Authorization: Bearer <token>`. ' +
          'Every error answer is an `ErrorBody` whose `message` (Spanish) can be shown as it is. Any operation may also answer ' +
          '500 (unexpected error) or 503 with `Retry-After` (the database restarting).',
      },
      servers: [{ url: '/', description: 'The site that serves this document.' }],
      tags: TAGS,
      components: {
        securitySchemes: { [BEARER]: { type: 'http', scheme: 'bearer', description: 'The token of `POST /api/v1/login`.' } },
        schemas: { [ERROR_BODY]: z.toJSONSchema(errorBodySchema, { target: 'openapi-3.0' }) as Record<string, unknown> },
      },
    },
    transform: (input) => {
      const form = input.route.config?.multipart;
      const schema = form ? { ...input.schema, consumes: ['multipart/form-data'], body: formBody(form) } : input.schema;
      const transformed = jsonSchemaTransform({ ...input, schema });
      if ((transformed.schema as { hide?: boolean } | undefined)?.hide) return transformed;
      return { url: transformed.url, schema: describeOperation(transformed.schema ?? {}, input.route, input.schema) };
    },
    transformObject: (documentObject) => ('openapiObject' in documentObject ? withoutBodies(documentObject.openapiObject) : documentObject.swaggerObject),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
});

/**
 * A multipart form as a schema of its parts: the text fields with the contract's types (every value
 * travels as text; a list is sent as `name[]`, one part per item) and the files as binary parts.
 */
function formBody(form: MultipartSpec): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  const fields: Record<string, z.ZodType | undefined> = form.schema?.shape ?? {};
  for (const [name, rule] of form.text) {
    const field = fields[name] ?? z.string().optional();
    shape[rule.list ? `${name}[]` : name] = field;
  }
  for (const [name, rule] of Object.entries(form.files)) {
    shape[name] = z
      .file()
      .optional()
      .describe(`A file of at most ${Math.round(rule.maxBytes / 1024 / 1024)} MB.`);
  }
  return z.object(shape);
}

/**
 * Security, the error answers and the descriptions of one operation, from its route: the statuses it
 * declares (an ErrorBody one gets the shared description), and those its declarations imply.
 */
function describeOperation(schema: FastifySchema, route: RouteOptions, source: FastifySchema | undefined): FastifySchema {
  const access = route.config?.access;
  const protectedRoute = access !== undefined && access !== 'public';
  const declared = (source?.response ?? {}) as Record<string, unknown>;
  // A route that answers with a redirect (a link opened in a browser) turns its failures into that redirect.
  const redirects = Object.keys(declared).some((status) => status.startsWith('3'));
  const statuses = new Set<number>();
  if (protectedRoute) [401, 403].forEach((status) => statuses.add(status));
  if (!redirects && (source?.body || source?.querystring || source?.params || source?.headers || route.config?.multipart)) statuses.add(422);
  if (!redirects && source?.params) statuses.add(404);
  if (route.config?.multipart) statuses.add(413);

  const response: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries((schema.response ?? {}) as Record<string, { description?: string }>)) {
    const description = answer.description ?? ERROR_RESPONSES[Number(status)] ?? SUCCESS_DESCRIPTIONS[status] ?? 'OK.';
    response[status] = declared[status] === errorBodySchema ? errorResponse(Number(status)) : { ...answer, 'x-response-description': description };
  }
  for (const status of statuses) response[status] ??= errorResponse(status);
  if (route.url.startsWith(API_BASE)) response.default = { ...errorRef(), description: 'Any other error (500, or 503 while the database restarts), as an ErrorBody.' };

  return { ...schema, security: protectedRoute ? [{ [BEARER]: [] }] : [], response };
}

const errorRef = () => ({ $ref: `#/components/schemas/${ERROR_BODY}` });

function errorResponse(status: number) {
  return { ...errorRef(), description: ERROR_RESPONSES[status], ...(status === 429 || status === 503 ? { headers: RETRY_AFTER } : {}) };
}

/** A 204 and a redirect carry no body, whatever schema the route's serializer was given. */
function withoutBodies<T>(document: T): T {
  const paths = (document as { paths?: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>> }).paths ?? {};
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (status === '204' || status.startsWith('3')) delete answer.content;
      }
    }
  }
  return document;
}

