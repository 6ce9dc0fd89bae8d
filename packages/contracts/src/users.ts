import { z } from './zod.js';
import { emailSchema } from './auth.js';
import { roleSchema } from './role-schema.js';
import { textSchema } from './text.js';
import { ROLE_LABELS, ROLES, type Role } from './roles.js';

/**
 * Paths of the accounts' endpoints, relative to API_BASE (DESIGN.md section 5): password recovery,
 * e-mail verification and the admin's user management.
 */
export const ACCOUNT_PATHS = {
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verificationNotification: '/email/verification-notification',
  /** The link of the verification e-mail: `/email/verify/{id}/{hash}?expires=&signature=`. */
  verifyEmailRoute: '/email/verify/:id/:hash',
  verifyEmail: (id: number | string, hash: string) => `/email/verify/${encodeURIComponent(String(id))}/${encodeURIComponent(hash)}`,
  users: '/users',
  userRoleRoute: '/users/:id/role',
  userRole: (id: number | string) => `/users/${encodeURIComponent(String(id))}/role`,
} as const;

/** Messages of spec 8 (Session, Users) and of the password policy, shared by the API and the pages. */
export const ACCOUNT_MESSAGES = {
  forgotSent: 'Se ha enviado un enlace a su correo electrónico.',
  forgotError: 'Error al enviar el email de reestablecimiento de contraseña!',
  resetDone: 'Se ha cambiado su contraseña.',
  resetError: 'Error al cambiar la contraseña!',
  resetInvalidLink: 'El enlace para restablecer la contraseña no es válido o ya venció. Solicite uno nuevo.',
  verificationSent: 'Email de verificación enviado correctamente.',
  verificationError: 'Error al enviar el email de verificación.',
  alreadyVerified: 'Su email ya está verificado.',
  tooManyRequests: (minutes: number) =>
    `Demasiadas solicitudes. Inténtelo de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  usersError: 'Error al obtener los usuarios.',
  roleUpdated: (role: Role) => `Rol actualizado a ${ROLE_LABELS[role]} correctamente.`,
  roleError: 'Error al actualizar el rol.',
  roleRequired: 'Por favor selecciona un rol.',
  roleInvalid: 'El rol no es válido.',
  adminNotManaged: 'El rol de un administrador no se puede cambiar desde aquí.',
  userRegistered: 'Usuario registrado correctamente.',
  emailTaken: 'Ya existe un usuario con ese email.',
  emailMismatch: 'Los emails no coinciden.',
  passwordMismatch: 'Las contraseñas no coinciden.',
  passwordRequired: 'La contraseña es obligatoria.',
  passwordTooShort: 'La contraseña debe tener al menos 8 caracteres.',
  passwordTooLong: 'La contraseña no puede superar los 128 caracteres.',
  passwordTooCommon: 'La contraseña es demasiado común o fácil de adivinar. Elija otra.',
  passwordIsEmail: 'La contraseña no puede ser el email de la cuenta.',
  confirmationRequired: 'Confirme la contraseña.',
  emailConfirmationRequired: 'Confirma el email.',
} as const;

/** How long a password-reset link serves (the API's expiry, the e-mail's and the page's text). */
export const RESET_LINK_MINUTES = 15;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The length rules of the password policy. The other rule, not a common password, is checked with
 * `isCommonPassword` by the API's services and by the forms that set a password: the list then loads
 * with those pages only, not with every page that uses the contracts.
 */
export const passwordSchema = z
  .string({ error: ACCOUNT_MESSAGES.passwordRequired })
  // One message at a time: the first rule broken is the one to fix.
  .min(1, { error: ACCOUNT_MESSAGES.passwordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: ACCOUNT_MESSAGES.passwordTooShort, abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: ACCOUNT_MESSAGES.passwordTooLong, abort: true });

const confirmationSchema = z
  .string({ error: ACCOUNT_MESSAGES.confirmationRequired })
  .min(1, { error: ACCOUNT_MESSAGES.confirmationRequired })
  .max(PASSWORD_MAX_LENGTH, { error: ACCOUNT_MESSAGES.passwordTooLong });

/** A status answer of the recovery and verification endpoints, with the message to show. */
export const accountStatusResponseSchema = z.object({ status: z.string(), message: z.string() });
export type AccountStatusResponse = z.infer<typeof accountStatusResponseSchema>;

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** The reset form: the token and e-mail come from the link, the two passwords from the person. */
export const resetPasswordRequestSchema = z
  .object({
    token: z
      .string({ error: ACCOUNT_MESSAGES.resetInvalidLink })
      .regex(/^[A-Za-z0-9_-]{20,200}$/, { error: ACCOUNT_MESSAGES.resetInvalidLink }),
    email: emailSchema,
    password: passwordSchema,
    password_confirmation: confirmationSchema,
  })
  .superRefine(checkPasswordPair, { when: fieldsValid(['password', 'password_confirmation']) });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/**
 * Runs a cross-field rule once the fields it reads passed their own rules, even when another field
 * failed (zod skips it then by default): a missing role must not hide that the e-mails differ, or the
 * form would reveal its errors one submit at a time.
 */
function fieldsValid(fields: string[]) {
  return (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((issue) => fields.includes(String(issue.path?.[0])));
}

/** The password differs from the e-mail, and the confirmation matches (keyed `password`, spec 5). */
function checkPasswordPair(value: { email?: string; password?: string; password_confirmation?: string }, ctx: z.RefinementCtx) {
  // The e-mail may have failed its own rule (then of any type): compared only when it is text.
  if (typeof value.email === 'string' && value.email && value.password && fold(value.password.trim()) === fold(value.email)) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: ACCOUNT_MESSAGES.passwordIsEmail });
  }
  if (value.password && value.password_confirmation && value.password !== value.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: ACCOUNT_MESSAGES.passwordMismatch });
  }
}

/** Roles the admin can give through the API: every one but admin, so the council never locks itself out. */
export const ASSIGNABLE_ROLES = ROLES.filter((role): role is Exclude<Role, 'admin'> => role !== 'admin');
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
export const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES, {
  error: (issue) => (issue.input == null || issue.input === '' ? ACCOUNT_MESSAGES.roleRequired : ACCOUNT_MESSAGES.roleInvalid),
});

const personName = (field: string) =>
  textSchema({ error: `El ${field} es obligatorio.` })
    .trim()
    .min(1, { error: `El ${field} es obligatorio.` })
    .max(100, { error: `El ${field} no puede superar los 100 caracteres.` });

export const createUserRequestSchema = z
  .object({
    name: personName('nombre'),
    last_name: personName('apellido'),
    email: emailSchema,
    email_confirmation: z
      .string({ error: ACCOUNT_MESSAGES.emailConfirmationRequired })
      .trim()
      .min(1, { error: ACCOUNT_MESSAGES.emailConfirmationRequired })
      .max(254, { error: 'El email no puede superar los 254 caracteres.' }),
    password: passwordSchema,
    password_confirmation: confirmationSchema,
    role: assignableRoleSchema,
  })
  .superRefine(
    (value, ctx) => {
      if (value.email && value.email_confirmation && value.email.toLowerCase() !== value.email_confirmation.toLowerCase()) {
        ctx.addIssue({ code: 'custom', path: ['email_confirmation'], message: ACCOUNT_MESSAGES.emailMismatch });
      }
    },
    { when: fieldsValid(['email', 'email_confirmation']) },
  )
  .superRefine(checkPasswordPair, { when: fieldsValid(['password', 'password_confirmation']) });
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

export const updateUserRoleRequestSchema = z.object({ role: assignableRoleSchema });
export type UpdateUserRoleRequest = z.infer<typeof updateUserRoleRequestSchema>;

/** The list's role filter; empty means every role. */
export const usersQuerySchema = z.object({
  role: z.preprocess((value) => (value === '' ? undefined : value), z.enum(ASSIGNABLE_ROLES, { error: ACCOUNT_MESSAGES.roleInvalid }).optional()),
});
export type UsersQuery = z.infer<typeof usersQuerySchema>;

/** A staff account as the admin sees it (spec 3, User). */
export const managedUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: roleSchema,
  email_verified: z.boolean(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const managedUserListSchema = z.array(managedUserSchema);

export const userMutationResponseSchema = z.object({ message: z.string(), user: managedUserSchema });
export type UserMutationResponse = z.infer<typeof userMutationResponseSchema>;
