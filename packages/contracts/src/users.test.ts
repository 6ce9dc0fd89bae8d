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
