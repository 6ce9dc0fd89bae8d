import { z } from './zod.js';
import { roleSchema } from './role-schema.js';
import { textSchema } from './text.js';
import { EMAIL_MAX_LENGTH, EMAIL_MESSAGES, EMAIL_PATTERN, LOGIN_PASSWORD_MAX_LENGTH, LOGIN_PASSWORD_MESSAGES, type EmailMessages } from './auth-rules.js';

/** An e-mail address as emailError checks it, with these messages. */
export const emailSchemaWith = (messages: EmailMessages) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .max(EMAIL_MAX_LENGTH, { error: messages.tooLong })
    .pipe(z.email({ pattern: EMAIL_PATTERN, error: messages.invalid }));

export const emailSchema = emailSchemaWith(EMAIL_MESSAGES);

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: LOGIN_PASSWORD_MESSAGES.required })
    .min(1, { error: LOGIN_PASSWORD_MESSAGES.required })
    .max(LOGIN_PASSWORD_MAX_LENGTH, { error: LOGIN_PASSWORD_MESSAGES.tooLong }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** A browser-generated identifier; one token per device (spec 3: deviceId). */
export const deviceIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,128}$/, { error: 'El identificador del dispositivo no es válido.' });

export const loginResponseSchema = z.object({
  token: z.string(),
  role: roleSchema,
  user: z.object({
    name: z.string(),
    last_name: z.string(),
    email_verified: z.boolean(),
  }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const userResponseSchema = z.object({
  user: z.object({
    name: z.string(),
    last_name: z.string(),
    email: z.string(),
  }),
  role: roleSchema,
  email_verified: z.boolean(),
});
export type UserResponse = z.infer<typeof userResponseSchema>;

const personName = (field: string) =>
  textSchema({ error: `El ${field} es obligatorio.` })
    .trim()
    .min(1, { error: `El ${field} es obligatorio.` })
    .max(100, { error: `El ${field} no puede superar los 100 caracteres.` });

export const updateUserRequestSchema = z.object({
  name: personName('nombre'),
  last_name: personName('apellido'),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

export const logoutResponseSchema = z.object({ message: z.string() });
