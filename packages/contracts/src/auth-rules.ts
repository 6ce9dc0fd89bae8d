// The login form's rules without zod, for the server-rendered login page's script (auth.ts's schemas
// use the same messages and pattern, so the browser and the API say the same thing); the alert boxes'
// address is checked by the same rules, in their own words.

export const EMAIL_MAX_LENGTH = 254;
export const LOGIN_PASSWORD_MAX_LENGTH = 1024;

export const EMAIL_MESSAGES = {
  required: 'El email es obligatorio.',
  tooLong: `El email no puede superar los ${EMAIL_MAX_LENGTH} caracteres.`,
  invalid: 'Ingrese un email válido.',
} as const;

export type EmailMessages = { [Key in keyof typeof EMAIL_MESSAGES]: string };

/** The e-mail alert boxes' address (subscriptions.ts), in the words of the public pages, which say usted. */
export const SUBSCRIPTION_EMAIL_MESSAGES: EmailMessages = {
  required: 'Escriba su correo electrónico.',
  tooLong: `El correo electrónico no puede superar los ${EMAIL_MAX_LENGTH} caracteres.`,
  invalid: 'Ingrese un correo electrónico válido.',
};

export const LOGIN_PASSWORD_MESSAGES = {
  required: 'La contraseña es obligatoria.',
  tooLong: `La contraseña no puede superar los ${LOGIN_PASSWORD_MAX_LENGTH} caracteres.`,
} as const;

/** zod's own e-mail pattern (z.regexes.email), named here so that a page without zod checks the same. */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The message of an e-mail as typed, or '' when it can be sent. */
export function emailError(value: string, messages: EmailMessages = EMAIL_MESSAGES): string {
  const email = value.trim();
  if (!email) return messages.required;
  if (email.length > EMAIL_MAX_LENGTH) return messages.tooLong;
  return EMAIL_PATTERN.test(email) ? '' : messages.invalid;
}

/** The login form's messages by field; {} when it can be sent. */
export function loginErrors({ email, password }: { email: string; password: string }): Partial<Record<'email' | 'password', string>> {
  const errors: Partial<Record<'email' | 'password', string>> = {};
  const emailMessage = emailError(email);
  if (emailMessage) errors.email = emailMessage;
  if (!password) errors.password = LOGIN_PASSWORD_MESSAGES.required;
  else if (password.length > LOGIN_PASSWORD_MAX_LENGTH) errors.password = LOGIN_PASSWORD_MESSAGES.tooLong;
  return errors;
}
