import { z } from './zod.js';

/** The body of every error answer of the API (DESIGN.md section 5). */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  requestId: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
