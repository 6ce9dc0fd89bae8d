import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, type Role } from '@concejo/contracts';
import { authTokens, users } from '../../db/schema/index.js';
import { verifyPassword } from '../../lib/passwords.js';
import { buildLoggedInUser, buildUser, login } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let admin: Record<string, string>;
const NON_ADMIN_ROLES = ['asesor', 'mesa', 'concejal', 'ejecutivo', 'cm', 'user'] as const;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await buildLoggedInUser(ctx.app, ctx.db, 'admin')).headers;
});
afterAll(() => ctx.close());

const validUser = (overrides: Record<string, unknown> = {}) => ({
  name: 'Carla',
  last_name: 'Benítez',
  email: 'carla.benitez@concejo.test',
  email_confirmation: 'carla.benitez@concejo.test',
  password: 'Banca-Concejal-2026',
  password_confirmation: 'Banca-Concejal-2026',
  role: 'concejal',
  ...overrides,
});

const createUser = (payload: Record<string, unknown>, headers = admin) => ctx.app.inject({ method: 'POST', url: '/api/v1/users', headers, payload });
const changeRole = (id: number | string, payload: Record<string, unknown>, headers = admin) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/v1/users/${id}/role`, headers, payload });
const list = (query = '', headers = admin) => ctx.app.inject({ url: `/api/v1/users${query}`, headers });

describe('user endpoints refuse everyone but the admin', () => {
  it('answers 401 without a token and 403 to every other role', async () => {
    const target = await buildUser(ctx.db, { role: 'user' });
    for (const request of [() => list('', {}), () => createUser(validUser(), {}), () => changeRole(target.id, { role: 'cm' }, {})]) {
      const response = await request();
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('No autenticado.');
    }
    for (const role of NON_ADMIN_ROLES) {
      const { headers } = await buildLoggedInUser(ctx.app, ctx.db, role);
      for (const response of [await list('', headers), await createUser(validUser({ email: `x-${role}@concejo.test`, email_confirmation: `x-${role}@concejo.test` }), headers), await changeRole(target.id, { role: 'cm' }, headers)]) {
        expect(response.statusCode, role).toBe(403);
        expect(response.json().message).toBe('No tienes permiso para realizar esta acción.');
      }
    }
    const [row] = await ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(row!.role).toBe('user');
  });
});

describe('GET /users', () => {
  it('lists every account but the admins, by last name, with the fields of spec 3', async () => {
    const zapata = await buildUser(ctx.db, { role: 'mesa', name: 'Zoe', lastName: 'Zapata Lista', verified: true });
    const abalos = await buildUser(ctx.db, { role: 'cm', name: 'Abel', lastName: 'abalos Lista' });
    await buildUser(ctx.db, { role: 'admin', lastName: 'Admin Lista' });
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = response.json<{ id: number; role: Role; last_name: string }[]>();
    expect(body.every((user) => user.role !== 'admin')).toBe(true);
    const names = body.map((user) => user.last_name).filter((name) => name.endsWith('Lista'));
    expect(names).toEqual(['abalos Lista', 'Zapata Lista']);
    expect(body.find((user) => user.id === zapata.id)).toEqual({
      id: zapata.id,
      name: 'Zoe',
      last_name: 'Zapata Lista',
      email: zapata.email,
      role: 'mesa',
      email_verified: true,
    });
    expect(body.find((user) => user.id === abalos.id)).toMatchObject({ email_verified: false, role: 'cm' });
    expect(JSON.stringify(body)).not.toContain('password');
  });

  it('filters by role, and refuses an unknown role or admin with 422', async () => {
    await buildUser(ctx.db, { role: 'ejecutivo' });
    const response = await list('?role=ejecutivo');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ role: Role }[]>();
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((user) => user.role === 'ejecutivo')).toBe(true);
    expect((await list('?role=')).statusCode).toBe(200);
    for (const role of ['admin', 'jefe']) {
      const refused = await list(`?role=${role}`);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ role: [ACCOUNT_MESSAGES.roleInvalid] });
    }
  });
});

describe('POST /users', () => {
  it('registers the account (201), stores the e-mail lower-cased and the password hashed, unverified', async () => {
    const response = await createUser(validUser({ email: 'Nuevo.Concejal@Concejo.test', email_confirmation: 'nuevo.concejal@concejo.TEST' }));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      message: 'Usuario registrado correctamente.',
      user: { id: expect.any(Number), name: 'Carla', last_name: 'Benítez', email: 'nuevo.concejal@concejo.test', role: 'concejal', email_verified: false },
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row!.passwordHash, 'Banca-Concejal-2026')).toBe(true);
    const token = await login(ctx.app, { email: 'NUEVO.concejal@concejo.test', password: 'Banca-Concejal-2026' });
    expect(token).toEqual(expect.any(String));
  });

  it('refuses an e-mail already registered, whatever its case', async () => {
    await buildUser(ctx.db, { email: 'repetido@concejo.test' });
    const response = await createUser(validUser({ email: 'REPETIDO@concejo.test', email_confirmation: 'REPETIDO@concejo.test' }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: ACCOUNT_MESSAGES.emailTaken, errors: { email: [ACCOUNT_MESSAGES.emailTaken] } });
  });

  it('reports a taken e-mail and a common password together', async () => {
    await buildUser(ctx.db, { email: 'ocupado@concejo.test' });
    const response = await createUser(validUser({ email: 'ocupado@concejo.test', email_confirmation: 'ocupado@concejo.test', password: 'River1234', password_confirmation: 'River1234' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: [ACCOUNT_MESSAGES.emailTaken], password: [ACCOUNT_MESSAGES.passwordTooCommon] });
  });

  it('answers 422 keyed by field for each rule of spec 5', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ name: '' }, { name: ['El nombre es obligatorio.'] }],
      [{ last_name: '   ' }, { last_name: ['El apellido es obligatorio.'] }],
      [{ name: 'n'.repeat(101) }, { name: ['El nombre no puede superar los 100 caracteres.'] }],
      [{ email: '', email_confirmation: '' }, { email: ['El email es obligatorio.'], email_confirmation: [ACCOUNT_MESSAGES.emailConfirmationRequired] }],
      [{ email: 'no-es-email', email_confirmation: 'no-es-email' }, { email: ['Ingrese un email válido.'] }],
      [{ email_confirmation: 'otra@concejo.test' }, { email_confirmation: [ACCOUNT_MESSAGES.emailMismatch] }],
      [{ password: '', password_confirmation: '' }, { password: [ACCOUNT_MESSAGES.passwordRequired], password_confirmation: [ACCOUNT_MESSAGES.confirmationRequired] }],
      [{ password: 'Corta-1', password_confirmation: 'Corta-1' }, { password: [ACCOUNT_MESSAGES.passwordTooShort] }],
      [{ password: 'argentina', password_confirmation: 'argentina' }, { password: [ACCOUNT_MESSAGES.passwordTooCommon] }],
      [{ password: 'Contraseña123', password_confirmation: 'Contraseña123' }, { password: [ACCOUNT_MESSAGES.passwordTooCommon] }],
      [{ password: 'Banca-Concejal-2026', password_confirmation: 'Banca-Concejal-2027' }, { password: [ACCOUNT_MESSAGES.passwordMismatch] }],
      [{ role: undefined }, { role: [ACCOUNT_MESSAGES.roleRequired] }],
      [{ role: '' }, { role: [ACCOUNT_MESSAGES.roleRequired] }],
      [{ role: 'admin' }, { role: [ACCOUNT_MESSAGES.roleInvalid] }],
      [{ role: 'jefe' }, { role: [ACCOUNT_MESSAGES.roleInvalid] }],
      [{ name: 42 }, { name: ['El nombre es obligatorio.'] }],
      // A missing role does not hide the other broken rules: the admin sees all of them at once.
      [
        { role: undefined, email_confirmation: 'otra@concejo.test', password_confirmation: 'Banca-Concejal-2027' },
        { role: [ACCOUNT_MESSAGES.roleRequired], email_confirmation: [ACCOUNT_MESSAGES.emailMismatch], password: [ACCOUNT_MESSAGES.passwordMismatch] },
      ],
    ];
    for (const [overrides, errors] of cases) {
      const response = await createUser(validUser({ email: 'campos@concejo.test', email_confirmation: 'campos@concejo.test', ...overrides }));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(response.json().errors, JSON.stringify(overrides)).toEqual(errors);
    }
    const empty = await createUser({});
    expect(Object.keys(empty.json().errors).sort()).toEqual(['email', 'email_confirmation', 'last_name', 'name', 'password', 'password_confirmation', 'role']);
    expect(await ctx.db.select().from(users).where(eq(users.email, 'campos@concejo.test'))).toEqual([]);
  });

  it('keeps the demo password valid under the policy', async () => {
    const response = await createUser(validUser({ email: 'demo-clave@concejo.test', email_confirmation: 'demo-clave@concejo.test', password: 'Demo-Concejo-2026', password_confirmation: 'Demo-Concejo-2026' }));
    expect(response.statusCode).toBe(201);
  });
});

describe('PATCH /users/:id/role', () => {
  it('changes the role, ends the account sessions, and the next login carries the new role', async () => {
    const user = await buildUser(ctx.db, { role: 'user' });
    const oldToken = await login(ctx.app, user);
    const response = await changeRole(user.id, { role: 'cm' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Rol actualizado a Redes (CM) correctamente.', user: expect.objectContaining({ id: user.id, role: 'cm' }) });
    expect(await ctx.db.select().from(authTokens).where(eq(authTokens.userId, user.id))).toEqual([]);
    expect((await ctx.app.inject({ url: '/api/v1/user', headers: { authorization: `Bearer ${oldToken}` } })).statusCode).toBe(401);
    const relogin = await ctx.app.inject({ method: 'POST', url: '/api/v1/login', headers: { 'device-id': 'device-after-role' }, payload: { email: user.email, password: user.password } });
    expect(relogin.json().role).toBe('cm');
  });

  it('names each role with its label', async () => {
    const user = await buildUser(ctx.db, { role: 'user' });
    const labels: Record<string, string> = { asesor: 'Asesor', mesa: 'Mesa de Entrada', concejal: 'Concejal', ejecutivo: 'Ejecutivo', cm: 'Redes (CM)', user: 'Usuario' };
    for (const [role, label] of Object.entries(labels)) {
      expect((await changeRole(user.id, { role })).json().message).toBe(`Rol actualizado a ${label} correctamente.`);
    }
  });

  it('never touches an admin: 403 for an admin account, 422 for the admin role', async () => {
    const otherAdmin = await buildUser(ctx.db, { role: 'admin' });
    const refused = await changeRole(otherAdmin.id, { role: 'user' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ACCOUNT_MESSAGES.adminNotManaged);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, otherAdmin.id));
    expect(row!.role).toBe('admin');

    const user = await buildUser(ctx.db, { role: 'mesa' });
    const promote = await changeRole(user.id, { role: 'admin' });
    expect(promote.statusCode).toBe(422);
    expect(promote.json().errors).toEqual({ role: [ACCOUNT_MESSAGES.roleInvalid] });
  });

  it('requires a role (spec 5) and a known account', async () => {
    const user = await buildUser(ctx.db, { role: 'mesa' });
    for (const payload of [{}, { role: '' }, { role: null }]) {
      const response = await changeRole(user.id, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ message: 'Por favor selecciona un rol.', errors: { role: ['Por favor selecciona un rol.'] } });
    }
    expect((await changeRole(999_999, { role: 'cm' })).statusCode).toBe(404);
    expect((await changeRole('abc', { role: 'cm' })).statusCode).toBe(422);
  });
});
