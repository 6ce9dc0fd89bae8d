import type { z } from 'zod';
import { ValidationFailed } from './errors.js';
import type { MultipartForm } from './multipart.js';

/** A multipart form's text fields through a zod schema; failures become 422 keyed by field. */
export function parseFormFields<S extends z.ZodType>(schema: S, fields: MultipartForm['fields']): z.infer<S> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    // A field that carries JSON of fields (the update's `changes`) reports each inner field by its name.
    const inner = issue.path[1];
    const field = String(typeof inner === 'string' ? inner : (issue.path[0] ?? 'body'));
    const list = (errors[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  throw new ValidationFailed(errors);
}
