import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords.js';
import { ACCOUNT_MESSAGES, createUserRequestSchema, passwordSchema } from './users.js';

describe('password policy', () => {
  it('refuses the commonest passwords, in any case and with or without accents', () => {
    for (const password of ['123456789', 'password', 'Contraseña', 'CONTRASENA', 'argentina', 'qwertyuiop', 'bocajuniors', 'Maradona10']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('refuses a common word followed by digits or symbols, and one repeated character', () => {
    for (const password of ['Argentina2026', 'argentina2026!', 'river1234', 'concejo.2026', 'aaaaaaaaaa', '9999999999']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('accepts passwords that are not on the list, such as the demo one', () => {
    for (const password of ['Demo-Concejo-2026', 'Banca-Concejal-2026', 'tres palabras al azar', 'x7#Qm2!vLp']) {
      expect(isCommonPassword(password), password).toBe(false);
      expect(passwordSchema.safeParse(password).success, password).toBe(true);
    }
  });

  it('answers one Spanish message at a time for the length rules', () => {
    const first = (value: unknown) => passwordSchema.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(first('')).toEqual([ACCOUNT_MESSAGES.passwordRequired]);
    expect(first('abc')).toEqual([ACCOUNT_MESSAGES.passwordTooShort]);
    expect(first('a'.repeat(129))).toEqual([ACCOUNT_MESSAGES.passwordTooLong]);
    // The list is checked apart (isCommonPassword), by the API's services and the forms.
    expect(first('123456789')).toBeUndefined();
    expect(first(undefined)).toEqual([ACCOUNT_MESSAGES.passwordRequired]);
  });
});

describe('createUserRequestSchema', () => {
  const valid = {
    name: 'Ana',
    last_name: 'Paz',
    email: 'ana@concejo.test',
    email_confirmation: 'ANA@concejo.test',
    password: 'Banca-Concejal-2026',
    password_confirmation: 'Banca-Concejal-2026',
    role: 'concejal',
  };

  it('accepts the e-mail confirmation in another case, and no admin role', () => {
    expect(createUserRequestSchema.safeParse(valid).success).toBe(true);
    const admin = createUserRequestSchema.safeParse({ ...valid, role: 'admin' });
    expect(admin.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['role', ACCOUNT_MESSAGES.roleInvalid]]);
  });
});

describe('createUserRequestSchema reports every broken rule at once', () => {
  it('names differing e-mails and passwords even when the role is missing', () => {
    const result = createUserRequestSchema.safeParse({
      name: 'Ana',
      last_name: 'Paz',
      email: 'ana@concejo.test',
      email_confirmation: 'otra@concejo.test',
      password: 'Banca-Concejal-2026',
      password_confirmation: 'Banca-Concejal-2027',
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['role', ACCOUNT_MESSAGES.roleRequired],
      ['email_confirmation', ACCOUNT_MESSAGES.emailMismatch],
      ['password', ACCOUNT_MESSAGES.passwordMismatch],
    ]);
  });

  it('still says one thing per field: no mismatch on top of a field that failed its own rule', () => {
    const result = createUserRequestSchema.safeParse({ email: 'no-es-email', email_confirmation: 'otra', password: 'abc', password_confirmation: 'abd' });
    const byField = (field: string) => result.error?.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message);
    expect(byField('email_confirmation')).toEqual([]);
    expect(byField('password')).toEqual([ACCOUNT_MESSAGES.passwordTooShort]);
  });

  it('names differing passwords when the e-mail is wrong, and survives fields of the wrong type', () => {
    const badEmail = createUserRequestSchema.safeParse({ email: 5, password: 'Banca-Concejal-2026', password_confirmation: 'Banca-Concejal-2027' });
    expect(badEmail.error?.issues.filter((issue) => issue.path[0] === 'password').map((issue) => issue.message)).toEqual([ACCOUNT_MESSAGES.passwordMismatch]);
    expect(createUserRequestSchema.safeParse(null).success).toBe(false);
    expect(createUserRequestSchema.safeParse({ email: 5, email_confirmation: 6, password: 7, password_confirmation: 8 }).success).toBe(false);
  });
});
