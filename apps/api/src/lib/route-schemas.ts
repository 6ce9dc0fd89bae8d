// Schemas that every module's routes share: written once so that a route states its params and the
// errors it can answer in one word each, and the API description names them the same everywhere.
import { errorBodySchema } from '@concejo/contracts';
import { z } from 'zod';

/** The `:id` of a row: a positive integer PostgreSQL's `integer` can hold (else 422, never a 500). */
export const idParams = z.object({ id: z.coerce.number({ error: 'El identificador no es válido.' }).int().positive().max(2_147_483_647) });

/**
 * The error answers of a route, by status, all of them the error handler's body (plugins/errors.ts):
 * `response: { 200: thing, ...errorResponses(401, 403, 404, 422) }`.
 */
export function errorResponses<const Statuses extends readonly number[]>(...statuses: Statuses): { [Status in Statuses[number]]: typeof errorBodySchema } {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as { [Status in Statuses[number]]: typeof errorBodySchema };
}
