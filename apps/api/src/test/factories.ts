import { randomBytes } from 'node:crypto';
import type { Role } from '@concejo/contracts';
import type { App } from '../app.js';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { hashPassword } from '../lib/passwords.js';

export interface BuiltUser {
  id: number;
  email: string;
  password: string;
  role: Role;
  name: string;
  lastName: string;
}

/** A user of the given role with a known password; other fields unique per call. */
export async function buildUser(
  db: Database,
  { role = 'asesor', verified = false, ...fields }: Partial<Omit<BuiltUser, 'id'>> & { verified?: boolean } = {},
): Promise<BuiltUser> {
  const suffix = randomBytes(4).toString('hex');
  const user = {
    role,
    email: fields.email ?? `${role}-${suffix}@concejo.test`,
    password: fields.password ?? `Clave-${suffix}-segura`,
    name: fields.name ?? 'Nombre',
    lastName: fields.lastName ?? `Apellido ${suffix}`,
  };
  const [row] = await db
    .insert(users)
    .values({
      role: user.role,
      email: user.email.toLowerCase(),
      name: user.name,
      lastName: user.lastName,
      passwordHash: await hashPassword(user.password),
      emailVerifiedAt: verified ? new Date() : null,
    })
    .returning({ id: users.id });
  return { id: row!.id, ...user };
}

let deviceCounter = 0;
export function newDeviceId(): string {
  deviceCounter += 1;
  return `test-device-${deviceCounter}-${randomBytes(4).toString('hex')}`;
}

export async function login(app: App, user: Pick<BuiltUser, 'email' | 'password'>, deviceId = newDeviceId()) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/login',
    headers: { 'device-id': deviceId },
    payload: { email: user.email, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<{ token: string }>().token;
}

/** A logged-in user of the role: its row and a bearer header. */
export async function buildLoggedInUser(app: App, db: Database, role: Role) {
  const user = await buildUser(db, { role });
  const token = await login(app, user);
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}
