import { describe, expect, it } from 'vitest';
import { deviceIdSchema, loginErrors, loginRequestSchema, updateUserRequestSchema } from './index.js';

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('loginRequestSchema', () => {
  it('accepts a login and normalises the e-mail spacing', () => {
    expect(loginRequestSchema.parse({ email: ' ana@concejo.gob.ar ', password: 'x' })).toEqual({
      email: 'ana@concejo.gob.ar',
      password: 'x',
    });
  });

  it('explains in Spanish what is missing or wrong', () => {
    expect(messages(loginRequestSchema.safeParse({}))).toEqual({
      email: 'El email es obligatorio.',
      password: 'La contraseña es obligatoria.',
    });
    expect(messages(loginRequestSchema.safeParse({ email: 'ana', password: '' }))).toEqual({
      email: 'Ingrese un email válido.',
      password: 'La contraseña es obligatoria.',
    });
  });
});

describe('updateUserRequestSchema', () => {
  it('trims names and refuses blank or oversized ones', () => {
    expect(updateUserRequestSchema.parse({ name: ' Ana ', last_name: 'Paz ' })).toEqual({ name: 'Ana', last_name: 'Paz' });
    expect(messages(updateUserRequestSchema.safeParse({ name: ' ', last_name: 'x'.repeat(101) }))).toEqual({
      name: 'El nombre es obligatorio.',
      last_name: 'El apellido no puede superar los 100 caracteres.',
    });
  });
});

describe('deviceIdSchema', () => {
  it('accepts a UUID and refuses anything that is not a plain identifier', () => {
    expect(deviceIdSchema.safeParse('0b0c7a52-35a5-4b1c-9d6a-8f7f2a9c1e11').success).toBe(true);
    expect(deviceIdSchema.safeParse('short').success).toBe(false);
    expect(deviceIdSchema.safeParse('a b c d e f g h').success).toBe(false);
    expect(deviceIdSchema.safeParse('x'.repeat(129)).success).toBe(false);
  });
});

describe('the login rules without zod (the server-rendered login page)', () => {
  const cases = [
    { email: '', password: '' },
    { email: 'ana', password: 'x' },
    { email: `${'a'.repeat(250)}@b.ar`, password: 'x' },
    { email: ' ana@concejo.gob.ar ', password: 'x'.repeat(1025) },
    { email: 'ana.perez@concejo.gob.ar', password: 'secreta' },
    { email: '.ana@concejo.gob.ar', password: 'secreta' },
  ];
  it.each(cases)('says what loginRequestSchema says for %j', (values) => {
    const parsed = loginRequestSchema.safeParse(values);
    const fromSchema: Record<string, string> = {};
    for (const issue of parsed.error?.issues ?? []) fromSchema[String(issue.path[0])] ??= issue.message;
    expect(loginErrors(values)).toEqual(fromSchema);
  });
});
