import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES, type ErrorBody } from '@concejo/contracts';
import { inputDataError, isDatabaseUnavailable, isForeignKeyViolation } from '../db/errors.js';
import { HttpError } from '../lib/errors.js';

/**
 * One place shapes every error body as `{ message, errors?, requestId }`. Validation failures become
 * 422 with Spanish messages keyed by field; anything unexpected becomes a 500 that reveals nothing.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const requestId = String(request.id);
    const send = (status: number, body: Omit<ErrorBody, 'requestId'>) =>
      reply.status(status).send({ ...body, requestId } satisfies ErrorBody);

    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return send(error.statusCode, { message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const field = path || error.validationContext || 'body';
        (errors[field] ??= []).push(issue.message ?? MESSAGES.validation);
      }
      return send(422, { message: Object.values(errors).flat()[0] ?? MESSAGES.validation, errors });
    }
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL is restarting or out of reach: the request may be tried again in a moment.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', '5');
      return send(503, { message: MESSAGES.unavailable });
    }
    const dataError = inputDataError(error);
    if (dataError) {
      // PostgreSQL refused a value the client sent (a date it cannot hold, a NUL byte, a number out of
      // range) that the schemas let through: the client's mistake, not ours, so a 422 and a warning
      // (with the SQLSTATE, to find the schema that should have caught it) rather than a 500.
      request.log.warn({ sqlState: dataError.code, dbMessage: dataError.dbMessage }, 'database refused a value sent by the client');
      return send(422, { message: dataError.message });
    }
    if (isForeignKeyViolation(error)) {
      // A row still referenced elsewhere (a norm listed in an agenda): refused, nothing half done.
      return send(409, { message: 'No se puede completar la acción: el registro está en uso en otro lugar (por ejemplo, en una orden del día).' });
    }
    if (error.code === 'FST_ERR_RESPONSE_SERIALIZATION') {
      request.log.error({ err: error }, 'response did not match its schema');
      return send(500, { message: MESSAGES.internal });
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(413, { message: MESSAGES.payloadTooLarge });
    }
    if (status === 415) {
      return send(415, { message: 'El tipo de contenido enviado no es compatible.' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, empty body with a JSON content type...).
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'El cuerpo de la solicitud no es un JSON válido.'
        : MESSAGES.validation;
      return send(status === 400 ? 422 : status, { message });
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(500, { message: MESSAGES.internal });
  });
});

