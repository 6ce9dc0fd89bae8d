import { ROLES } from './roles.js';
import { z } from './zod.js';

/** A role in a payload; apart from roles.ts so that the public shell's role constants load no zod. */
export const roleSchema = z.enum(ROLES, { error: 'El rol no es válido.' });
